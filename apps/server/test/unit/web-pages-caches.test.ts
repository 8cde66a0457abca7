import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { storefrontChanged, storefrontVersion } from '../../src/lib/storefront-version.ts';
import { createCompressedCache } from '../../src/web-pages/compressed-cache.ts';
import { negotiateEncoding } from '../../src/web-pages/compression.ts';
import { createRenderedCache, type RenderedPage, renderedBody } from '../../src/web-pages/rendered-cache.ts';

const page = (html: string): RenderedPage => ({
  status: 200,
  html,
  anonymousHtml: `${html} anonymous`,
  version: storefrontVersion(),
  at: performance.now(),
  encoded: new Map(),
});

describe('compression of the pages', () => {
  it('prefers brotli, then gzip, and honours an explicit q=0', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('BR;q=0.5')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br; q=0.0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('*')).toBeNull();
  });

  it('compresses a page once per encoding', async () => {
    const encode = createCompressedCache();
    const first = encode('<p>Farha</p>', 'br');
    expect(encode('<p>Farha</p>', 'br')).toBe(first);
    expect(brotliDecompressSync(await first).toString()).toBe('<p>Farha</p>');
    expect(gunzipSync(await encode('<p>Farha</p>', 'gzip')).toString()).toBe('<p>Farha</p>');
  });
});

describe('pages drawn on the server', () => {
  it('keeps a page until the storefront changes', () => {
    const cache = createRenderedCache();
    const drawn = page('<main>fr</main>');
    cache.keep('fr /', drawn);
    expect(cache.fresh('fr /')).toBe(drawn);
    expect(cache.fresh('ar /')).toBeUndefined();
    storefrontChanged();
    expect(cache.fresh('fr /')).toBeUndefined();
  });

  it('gives visitors asking for a page being drawn the same drawing', async () => {
    const cache = createRenderedCache();
    let draws = 0;
    const draw = async () => {
      draws += 1;
      return page('<main>once</main>');
    };
    const [a, b] = await Promise.all([cache.drawing('fr /', draw), cache.drawing('fr /', draw)]);
    expect(a).toBe(b);
    expect(draws).toBe(1);
    await cache.drawing('fr /', draw);
    expect(draws).toBe(2);
  });

  it('compresses the anonymous and the signed-in forms apart, each once', async () => {
    const drawn = page('<main>x</main>');
    const anonymous = renderedBody(drawn, true, 'br');
    expect(renderedBody(drawn, true, 'br')).toBe(anonymous);
    expect(brotliDecompressSync(await anonymous).toString()).toBe('<main>x</main> anonymous');
    expect(gunzipSync(await renderedBody(drawn, false, 'gzip')).toString()).toBe('<main>x</main>');
    expect([...drawn.encoded.keys()]).toEqual(['anonymous br', 'session gzip']);
  });
});
