// Issue 34: a client that takes no compression (no Accept-Encoding) gets the same page as a browser, from the
// same cache: drawn once, its bytes kept as they are beside its compressed forms. How fast it then goes is
// for `npm run bench` to print (« GET / without compression »), not for a test to assert.
import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invalidateCatalogCache } from '../../src/modules/catalog/index.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { builtIndexHtml, newWebDist } from '../web-dist-fixtures.ts';

const INDEX_HTML = builtIndexHtml(`    <meta charset="UTF-8" />
    <meta name="description" content="Farha" />
    <title>Farha</title>
`);

// Draws the boxes the API lists, by name (accents and Arabic letters included), counting its renders.
const RENDERER = `
globalThis.__farhaIdentityRenders ??= [];
export async function render(url, locale, api) {
  globalThis.__farhaIdentityRenders.push(locale + ' ' + url);
  const { boxes } = (await api('/api/boxes')).body;
  const title = locale === 'ar' ? 'علب الهدايا' : 'Coffrets à offrir';
  return { html: '<main><h1>' + title + '</h1><ul>' + boxes.map((b) => '<li>' + b.name + '</li>').join('') + '</ul></main>', state: '{"queries":[]}' };
}
`;

let t: TestApp;
let distDir: string;
const renders = () => ((globalThis as unknown as { __farhaIdentityRenders?: string[] }).__farhaIdentityRenders ??= []);

beforeAll(async () => {
  distDir = newWebDist('farha-web-identity-', INDEX_HTML);
  fs.mkdirSync(path.join(distDir, '.ssr'));
  fs.writeFileSync(path.join(distDir, '.ssr', 'entry-server.mjs'), RENDERER);
  t = await buildTestApp({ env: { WEB_DIST_DIR: distDir } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});
beforeEach(() => {
  invalidateCatalogCache();
  renders().length = 0;
});

/** `url` as a client taking `encoding` asks for it (none: no Accept-Encoding at all), its body decompressed. */
async function page(url: string, encoding: 'br' | 'gzip' | null, cookie?: string) {
  const res = await t.request({
    method: 'GET',
    url,
    headers: encoding ? { 'accept-encoding': encoding } : {},
    ...(cookie ? { cookie } : {}),
  });
  const raw = res.rawPayload;
  const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
  return { res, html: body.toString('utf8') };
}

describe('a page for a client that takes no compression', () => {
  it('is the page a browser gets, whole and uncompressed, in French and in Arabic', async () => {
    for (const cookie of [undefined, 'farha.locale=ar']) {
      const plain = await page('/catalog', null, cookie);
      expect(plain.res.statusCode).toBe(200);
      expect(plain.res.headers['content-encoding']).toBeUndefined();
      expect(plain.res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(Number(plain.res.headers['content-length'])).toBe(Buffer.byteLength(plain.html));
      expect(plain.html).toContain(cookie ? 'علب الهدايا' : 'Coffrets à offrir');
      const brotli = await page('/catalog', 'br', cookie);
      const gzip = await page('/catalog', 'gzip', cookie);
      expect(brotli.res.headers['content-encoding']).toBe('br');
      expect(gzip.res.headers['content-encoding']).toBe('gzip');
      expect(plain.html).toBe(brotli.html);
      expect(plain.html).toBe(gzip.html);
    }
    expect(renders()).toEqual(['fr /catalog', 'ar /catalog']);
  });

  it('comes from the cache of drawn pages: asked for again and again, the page is drawn once', async () => {
    const first = await page('/', null);
    for (let i = 0; i < 5; i += 1) expect((await page('/', null)).html).toBe(first.html);
    expect(renders()).toEqual(['fr /']);
  });

  it('is the same for a page the browser draws (a signed-in area), with no compression asked for', async () => {
    const plain = await page('/client/dashboard', null);
    const brotli = await page('/client/dashboard', 'br');
    expect(plain.res.statusCode).toBe(200);
    expect(plain.res.headers['content-encoding']).toBeUndefined();
    expect(plain.html).toBe(brotli.html);
    expect(plain.html).toContain('<div id="root"></div>');
  });
});
