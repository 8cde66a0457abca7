import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBoxListResponse, TBoxSummary } from '@farha/contracts/catalog';
import { boxes } from '../../src/db/schema/index.ts';
import { invalidateCatalogCache } from '../../src/modules/catalog/index.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { builtIndexHtml, newWebDist } from '../web-dist-fixtures.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

// A built web app as Vite writes it (hashed bundle pre-compressed beside it), in a folder of the test's own.
const INDEX_HTML = builtIndexHtml(`    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Farha : coffrets cadeaux d'expériences en Algérie."
    />
    <meta property="og:site_name" content="Farha" />
    <meta property="og:title" content="Farha — Coffrets cadeaux d'expériences en Algérie" />
    <meta name="twitter:card" content="summary" />
    <title>Farha — Coffrets cadeaux d'expériences en Algérie</title>
    <script src="/preferences.js"></script>
`);
// The pages' preferences as public/preferences.js is written: its comment lines are not sent.
const PREFERENCES = `// Saved theme before the first paint.\ndocument.documentElement.dataset.theme = localStorage.getItem('farha-theme') ?? 'light';\n`;
const BUNDLE = `console.log(${JSON.stringify('Farha '.repeat(400))});\n`;

let t: TestApp;
let distDir: string;
let active: TBoxSummary[];

beforeAll(async () => {
  distDir = newWebDist('farha-web-dist-', INDEX_HTML);
  fs.mkdirSync(path.join(distDir, 'assets'));
  const bundle = path.join(distDir, 'assets', 'index-Ab12Cd34.js');
  fs.writeFileSync(bundle, BUNDLE);
  fs.writeFileSync(`${bundle}.br`, brotliCompressSync(BUNDLE));
  fs.writeFileSync(`${bundle}.gz`, gzipSync(BUNDLE));
  fs.writeFileSync(path.join(distDir, 'preferences.js'), PREFERENCES);
  fs.writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.mkdirSync(path.join(distDir, '.vite'));
  fs.writeFileSync(
    path.join(distDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-Ab12Cd34.js', isEntry: true },
      'src/features/storefront/pages/home-page.tsx': { file: 'assets/home-page-Ef56Gh78.js', imports: ['index.html', '_box-card-Ij90Kl12.js'] },
      '_box-card-Ij90Kl12.js': { file: 'assets/box-card-Ij90Kl12.js', imports: ['index.html'] },
      'src/features/storefront/pages/catalog-page.tsx': { file: 'assets/catalog-page-Mn34Op56.js', imports: ['_box-card-Ij90Kl12.js'] },
      'src/features/storefront/pages/box-page.tsx': { file: 'assets/box-page-Qr78St90.js', imports: ['index.html'] },
    }),
  );
  t = await buildTestApp({ env: { WEB_DIST_DIR: distDir } });
  active = ((await t.request({ method: 'GET', url: '/api/boxes' })).json() as TBoxListResponse).boxes;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });

/** The page's HTML whatever the encoding it came in. */
function html(res: Awaited<ReturnType<typeof get>>): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.body;
}

const metaContent = (page: string, attribute: 'name' | 'property', name: string) =>
  [...page.matchAll(new RegExp(`<meta ${attribute}="${name.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`, 'g'))].map((m) => m[1]);

describe('pages and unknown paths', () => {
  it('answers the pages of the app with 200 and the app, an unknown path with 404 and the app (its 404 page)', async () => {
    for (const url of ['/', '/catalog', '/catalog/', '/how-it-works', '/support', '/client/dashboard', '/partenaire/scanner', '/admin/users', '/support/tickets', '/v/FRH-AAAA-BBBB-CCCC', '/checkout?box=x']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(html(res)).toContain('<div id="root"></div>');
    }
    for (const url of ['/nope', '/catalogue', '/admin/nope', '/support/nope/deeper', '/box', `/box/${active[0]!.id}/extra`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(html(res)).toContain('<div id="root"></div>');
    }
    const api = await get('/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('answers 404 for a box that does not exist or is no longer sold', async () => {
    expect((await get('/box/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/box/not-a-box')).statusCode).toBe(404);
  });
});

describe('compression and caching', () => {
  it('sends a hashed bundle brotli- or gzip-compressed as the browser accepts, cached for a year', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(BUNDLE.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BUNDLE);

    const gz = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BUNDLE);

    const plain = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
  });

  it('keeps the security headers on pages and leaves the document-only ones off static files', async () => {
    const page = await get('/');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // The preferences script goes inline, without its comments, and it is the one inline script the policy allows.
    const inline = [...html(page).matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(inline).toEqual([PREFERENCES.split('\n').slice(1).join('\n')]);
    expect(html(page)).not.toContain('src="/preferences.js"');
    const scriptSrc = String(page.headers['content-security-policy']).split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${createHash('sha256').update(inline[0] ?? '').digest('base64')}'`);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['strict-transport-security']).toBeDefined();
    for (const url of ['/assets/index-Ab12Cd34.js', '/favicon.svg']) {
      const file = await get(url, { 'accept-encoding': 'br' });
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['x-content-type-options'], url).toBe('nosniff');
      for (const name of ['content-security-policy', 'x-frame-options', 'strict-transport-security', 'referrer-policy', 'cross-origin-opener-policy']) {
        expect(file.headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
    // A hashed file is never revalidated: no ETag, no range support announced, no request id to read.
    const bundle = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br' });
    for (const name of ['etag', 'accept-ranges', 'x-request-id']) expect(bundle.headers[name], name).toBeUndefined();
    // An unhashed one keeps its ETag, so that a day later the browser asks whether it changed.
    expect((await get('/favicon.svg')).headers.etag).toBeDefined();
  });

  it('sends the page itself compressed and never cached, and an unhashed file for a day', async () => {
    const page = await get('/catalog', { 'accept-encoding': 'br;q=0, gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(html(page)).toContain('<div id="root"></div>');
    const brPage = await get('/', { 'accept-encoding': 'br' });
    expect(brPage.headers['content-encoding']).toBe('br');
    expect(html(brPage)).toContain('<title>Farha — Coffrets cadeaux');

    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
  });

  it("preloads the homepage picture of the first hero slide and the catalogue's first box picture", async () => {
    const page = html(await get('/'));
    expect(page).toMatch(
      /<link rel="preload" as="image" href="\/images\/boxes\/([a-z-]+)\.webp" imagesrcset="\/images\/boxes\/\1\.w400\.webp 400w, \/images\/boxes\/\1\.w800\.webp 800w, \/images\/boxes\/\1\.webp 1600w" imagesizes="100vw" fetchpriority="high" \/>/,
    );
    const catalog = html(await get('/catalog'));
    const first = active[0]!.imageUrl!;
    expect(catalog).toContain(`<link rel="preload" as="image" href="${first}" imagesrcset="${first.replace('.webp', '.w400.webp')} 400w, `);
    // Filters change the order: no guess then.
    expect(html(await get('/catalog?category=gastronomie'))).not.toContain('rel="preload" as="image"');
  });
});

describe('page code announced with the page', () => {
  const preloaded = (page: string) => [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

  it("lists the chunks of the page's code in the HTML, not those index.html loads already", async () => {
    expect(preloaded(html(await get('/')))).toEqual(['/assets/home-page-Ef56Gh78.js', '/assets/box-card-Ij90Kl12.js']);
    expect(preloaded(html(await get('/catalog')))).toEqual(['/assets/catalog-page-Mn34Op56.js', '/assets/box-card-Ij90Kl12.js']);
    expect(preloaded(html(await get(`/box/${active[0]!.id}`)))).toEqual(['/assets/box-page-Qr78St90.js']);
    expect(preloaded(html(await get('/how-it-works')))).toEqual([]);
    expect(preloaded(html(await get('/nope')))).toEqual([]);
  });
});

describe("the page's first API answers sent with it", () => {
  const bootOf = (page: string) => {
    const block = /<script type="application\/json" id="farha-boot">(.*?)<\/script>/.exec(page)?.[1];
    return block === undefined ? null : (JSON.parse(block) as Record<string, { status: number; body: unknown }>);
  };
  const answerOf = async (url: string) => {
    const res = await get(url);
    return { status: res.statusCode, body: res.json<unknown>() };
  };

  it('gives the homepage, the catalogue and a box page the answers their first calls would get from the API', async () => {
    const common = { '/api/site': await answerOf('/api/site'), '/api/landing?locale=fr': await answerOf('/api/landing?locale=fr'), '/api/auth/me': await answerOf('/api/auth/me') };
    expect(common['/api/auth/me'].status).toBe(401);
    // The homepage shows four boxes and asks for four; the catalogue asks for all.
    const featured = await answerOf('/api/boxes?limit=4');
    expect((featured.body as TBoxListResponse).boxes).toHaveLength(4);
    expect(bootOf(html(await get('/')))).toEqual({ ...common, '/api/boxes?limit=4': featured });
    expect(bootOf(html(await get('/catalog')))).toEqual({ ...common, '/api/boxes': await answerOf('/api/boxes') });
    const box = active[1]!;
    expect(bootOf(html(await get(`/box/${box.id}`)))).toEqual({ ...common, [`/api/boxes/${box.id}`]: await answerOf(`/api/boxes/${box.id}`) });
  });

  it("never answers for a visitor with a session, and sends nothing with other pages, filtered lists or a 404", async () => {
    expect((await get('/')).headers.vary).toBe('accept-encoding, cookie');
    const withSession = bootOf(html(await get('/', { cookie: 'farha_session=whatever' })));
    expect(Object.keys(withSession ?? {})).not.toContain('/api/auth/me');
    expect(Object.keys(withSession ?? {})).toContain('/api/boxes?limit=4');
    for (const url of ['/how-it-works', '/catalog?category=gastronomie', '/box/nope', '/nope', '/client/dashboard']) {
      expect(bootOf(html(await get(url))), url).toBeNull();
    }
  });
});

describe('search engines and shared links', () => {
  it('serves robots.txt that keeps private areas out and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const prefix of ['/api/', '/admin/', '/client/', '/partenaire/', '/support/', '/checkout', '/panier', '/auth']) {
      expect(lines).toContain(`Disallow: ${prefix}`);
    }
    expect(lines).not.toContain('Disallow: /support');
    expect(lines).toContain(`Sitemap: ${t.config.publicUrl}/sitemap.xml`);
  });

  it('lists the home, the catalogue and every active box in sitemap.xml, and drops a box taken off sale', async () => {
    const read = async () => {
      const res = await get('/sitemap.xml');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      return [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    };
    const urls = await read();
    expect(urls).toContain(`${t.config.publicUrl}/`);
    expect(urls).toContain(`${t.config.publicUrl}/catalog`);
    expect(active.length).toBeGreaterThan(10);
    for (const box of active) expect(urls).toContain(`${t.config.publicUrl}/box/${box.id}`);
    expect(urls.filter((url) => url?.includes('/box/'))).toHaveLength(active.length);

    const withdrawn = active[active.length - 1]!;
    await t.database.db.update(boxes).set({ active: false }).where(eq(boxes.id, withdrawn.id));
    invalidateCatalogCache();
    try {
      expect(await read()).not.toContain(`${t.config.publicUrl}/box/${withdrawn.id}`);
      expect((await get(`/box/${withdrawn.id}`)).statusCode).toBe(404);
    } finally {
      await t.database.db.update(boxes).set({ active: true }).where(eq(boxes.id, withdrawn.id));
      invalidateCatalogCache();
    }
  });

  it("gives a box page its own title, description, Open Graph and Twitter tags and a schema.org Product in DZD", async () => {
    const box = active.find((b) => b.imageUrl) ?? active[0]!;
    const res = await get(`/box/${box.id}`, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    const page = html(res);
    const price = `${new Intl.NumberFormat('fr-DZ').format(box.price).replace(/[\u00a0\u202f]/g, '\u00a0')} DA`;

    expect(page).toContain(`<title>${box.name.replace(/&/g, '&amp;').replace(/'/g, '&#39;')} — ${price} | Farha</title>`);
    expect(page.match(/<title>/g)).toHaveLength(1);
    const [description] = metaContent(page, 'name', 'description');
    expect(description).toContain(price);
    expect(metaContent(page, 'name', 'description')).toHaveLength(1);
    // The template's generic tags are replaced, not duplicated.
    expect(metaContent(page, 'property', 'og:title')).toHaveLength(1);
    expect(metaContent(page, 'name', 'twitter:card')).toEqual(['summary_large_image']);
    expect(metaContent(page, 'property', 'og:type')).toEqual(['product']);
    expect(metaContent(page, 'property', 'og:url')).toEqual([`${t.config.publicUrl}/box/${box.id}`]);
    // A JPEG of the box's picture for shared links (WhatsApp and Facebook show neither WebP nor SVG).
    const [shareImage] = metaContent(page, 'property', 'og:image');
    expect(shareImage).toMatch(new RegExp(`^${t.config.publicUrl.replace(/[.]/g, '\\.')}/og/box/${box.id}\\.jpg\\?v=\\w+$`));
    expect(metaContent(page, 'property', 'og:image:type')).toEqual(['image/jpeg']);
    expect(metaContent(page, 'property', 'og:image:width')).toEqual(['1200']);
    expect(metaContent(page, 'property', 'og:image:height')).toEqual(['630']);
    expect(metaContent(page, 'name', 'twitter:image')).toEqual([shareImage]);
    expect(metaContent(page, 'property', 'product:price:amount')).toEqual([String(box.price)]);
    expect(metaContent(page, 'property', 'product:price:currency')).toEqual(['DZD']);
    expect(page).toContain(`<link rel="canonical" href="${t.config.publicUrl}/box/${box.id}" />`);
    expect(page).toContain(
      `<link rel="preload" as="image" href="${box.imageUrl}" imagesrcset="${box.imageUrl!.replace('.webp', '.w400.webp')} 400w, ${box.imageUrl!.replace('.webp', '.w800.webp')} 800w, ${box.imageUrl} 1600w" imagesizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" fetchpriority="high" />`,
    );

    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(page)?.[1];
    const product = JSON.parse(jsonLd!) as Record<string, unknown> & { offers: Record<string, unknown> };
    expect(product).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name: box.name, image: `${t.config.publicUrl}${box.imageUrl}` });
    expect(product.offers).toMatchObject({ '@type': 'Offer', price: box.price, priceCurrency: 'DZD', url: `${t.config.publicUrl}/box/${box.id}` });
  });

  it("serves a box's picture for shared links as a 1200×630 JPEG, cached for a day; 404 for an unknown box", async () => {
    const box = active.find((b) => b.imageUrl?.startsWith('/'))!;
    const [shareImage] = metaContent(html(await get(`/box/${box.id}`)), 'property', 'og:image');
    const res = await get(shareImage!.slice(t.config.publicUrl.length));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const picture = await sharp(res.rawPayload).metadata();
    expect(picture).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect((await get('/og/box/no-such-box.jpg')).statusCode).toBe(404);
    expect((await get(`/og/box/${box.id}.png`)).statusCode).toBe(404);
  });

  it("gives the homepage and the catalogue the site's Open Graph and Twitter tags with the shipped PNG picture", async () => {
    for (const pagePath of ['/', '/catalog']) {
      const page = html(await get(pagePath, { 'accept-encoding': 'gzip' }));
      expect(metaContent(page, 'property', 'og:type'), pagePath).toEqual(['website']);
      expect(metaContent(page, 'property', 'og:url'), pagePath).toEqual([`${t.config.publicUrl}${pagePath}`]);
      expect(metaContent(page, 'property', 'og:title'), pagePath).toEqual(["Farha — Coffrets cadeaux d'expériences en Algérie".replace(/'/g, '&#39;')]);
      expect(metaContent(page, 'property', 'og:image'), pagePath).toEqual([`${t.config.publicUrl}/og-image.png`]);
      expect(metaContent(page, 'property', 'og:image:type'), pagePath).toEqual(['image/png']);
      expect(metaContent(page, 'name', 'twitter:card'), pagePath).toEqual(['summary_large_image']);
      expect(metaContent(page, 'name', 'twitter:image'), pagePath).toEqual([`${t.config.publicUrl}/og-image.png`]);
      expect(page.match(/<title>/g), pagePath).toHaveLength(1);
    }
    // The picture is the web app's own file: a PNG at the Open Graph size.
    const shipped = await sharp(path.join(REPO_ROOT, 'apps/web/public/og-image.png')).metadata();
    expect(shipped).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('escapes what a catalogue admin typed: no markup of a box name reaches the page', async () => {
    const box = active[0]!;
    const name = `Coffret "spécial" <script>alert(1)</script> & </script><b>gras</b>`;
    await t.database.db.update(boxes).set({ name }).where(eq(boxes.id, box.id));
    invalidateCatalogCache();
    try {
      const page = html(await get(`/box/${box.id}`));
      expect(page).not.toContain('<script>alert(1)');
      expect(page).not.toContain('<b>gras</b>');
      expect(page).toContain('Coffret &quot;spécial&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp;');
      const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(page)?.[1];
      expect((JSON.parse(jsonLd!) as { name: string }).name).toBe(name);
    } finally {
      await t.database.db.update(boxes).set({ name: box.name }).where(eq(boxes.id, box.id));
      invalidateCatalogCache();
    }
  });
});
