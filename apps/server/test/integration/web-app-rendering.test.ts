// Issue 23: the public pages drawn on the server (apps/web/src/entry-server.tsx, built into dist/.ssr) are
// sent in the visitor's language, kept per path, query and language, dropped when what they show changes,
// and the same for every visitor (nothing of a session in them). The drawing module here is a stand-in
// with the built module's interface, which counts its renders and draws what the API answered.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invalidateCatalogCache, invalidateLandingCache } from '../../src/modules/catalog/index.ts';
import { clearSettingsCache } from '../../src/modules/settings/index.ts';
import { ACCOUNTS, buildTestApp, type TestApp } from '../helpers.ts';
import { builtIndexHtml, newWebDist } from '../web-dist-fixtures.ts';

const INDEX_HTML = builtIndexHtml(`    <meta charset="UTF-8" />
    <meta name="description" content="Farha" />
    <title>Farha</title>
`);

// Draws the number of boxes the API lists; refuses /partners (null: the browser draws it) and throws on /support.
const RENDERER = `
globalThis.__farhaRenders ??= [];
export async function render(url, locale, api) {
  globalThis.__farhaRenders.push(locale + ' ' + url);
  if (url.startsWith('/partners')) return null;
  if (url.startsWith('/support')) throw new Error('broken page');
  const boxes = await api('/api/boxes');
  return { html: '<main><h1>' + locale + ' ' + boxes.body.boxes.length + ' coffrets</h1></main>', state: JSON.stringify({ queries: [] }) };
}
`;

let t: TestApp;
let distDir: string;
// The renderer is read at the first page drawn: the list is made here, and the module keeps it.
const renders = () => ((globalThis as unknown as { __farhaRenders?: string[] }).__farhaRenders ??= []);

beforeAll(async () => {
  distDir = newWebDist('farha-web-ssr-', INDEX_HTML);
  fs.mkdirSync(path.join(distDir, '.ssr'));
  fs.writeFileSync(path.join(distDir, '.ssr', 'entry-server.mjs'), RENDERER);
  t = await buildTestApp({ env: { WEB_DIST_DIR: distDir } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});
beforeEach(() => {
  // Each test starts from pages not drawn yet.
  invalidateCatalogCache();
  renders().length = 0;
});

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, ...(cookie ? { cookie } : {}) });
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';

describe('pages drawn on the server', () => {
  it("sends the public page drawn, with its data beside it, in French by default and in Arabic (right to left) by the visitor's cookie", async () => {
    const { boxes } = (await get('/api/boxes')).json<{ boxes: unknown[] }>();
    const french = await get('/catalog?sort=price_asc');
    expect(french.statusCode).toBe(200);
    expect(french.body).toContain('<html lang="fr" dir="ltr" data-rendered>');
    expect(rootOf(french.body)).toBe(`<main><h1>fr ${boxes.length} coffrets</h1></main>`);
    expect(french.body).toContain('<script type="application/json" id="farha-ssr">{"queries":[]}</script>');
    expect(french.headers.vary).toBe('accept-encoding, cookie');

    const arabic = await get('/catalog?sort=price_asc', 'farha.locale=ar');
    expect(arabic.body).toContain('<html lang="ar" dir="rtl" data-rendered>');
    expect(rootOf(arabic.body)).toBe(`<main><h1>ar ${boxes.length} coffrets</h1></main>`);
  });

  it('answers an unknown public path with its 404 page drawn and a 404 status', async () => {
    const res = await get('/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(rootOf(res.body)).toContain('coffrets');
  });

  it("leaves the signed-in areas, the landing editor's preview and the pages it cannot draw to the browser", async () => {
    for (const url of ['/client/dashboard', '/admin/nope', '/auth', '/?preview=draft', '/partners']) {
      const res = await get(url);
      expect(rootOf(res.body), url).toBe('');
      expect(res.body, url).not.toContain('data-rendered');
    }
    expect(renders()).toEqual(['fr /partners']);
  });

  it('sends the page the browser draws, not an error, when drawing fails', async () => {
    const res = await get('/support');
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe('');
  });
});

describe('the cache of drawn pages', () => {
  it('draws a page once per path, query and language', async () => {
    await get('/');
    await get('/');
    await get('/', 'farha.locale=ar');
    await get('/?utm=1');
    await get('/', 'farha.locale=ar');
    expect(renders()).toEqual(['fr /', 'ar /', 'fr /?utm=1']);
  });

  it('draws a page once for visitors asking for it at the same time', async () => {
    const pages = await Promise.all(Array.from({ length: 5 }, () => get('/catalog?q=hammam')));
    expect(pages.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(renders()).toEqual(['fr /catalog?q=hammam']);
  });

  it('draws it again once the catalogue, the landing page or the settings change', async () => {
    await get('/');
    invalidateCatalogCache();
    await get('/');
    invalidateLandingCache();
    await get('/');
    clearSettingsCache();
    await get('/');
    await get('/');
    expect(renders()).toEqual(['fr /', 'fr /', 'fr /', 'fr /']);
  });

  it('gives a signed-in visitor the same page, without the "not logged in" answer an anonymous one gets', async () => {
    const cookie = await t.login(ACCOUNTS.customer);
    const anonymous = await get('/how-it-works');
    const signedIn = await get('/how-it-works', cookie);
    expect(rootOf(signedIn.body)).toBe(rootOf(anonymous.body));
    expect(anonymous.body).toMatch(/id="farha-boot">\{"\/api\/auth\/me":\{"status":401/);
    expect(signedIn.body).not.toContain('farha-boot');
    expect(signedIn.body).not.toContain(ACCOUNTS.customer);
    expect(renders()).toEqual(['fr /how-it-works']);
  });
});
