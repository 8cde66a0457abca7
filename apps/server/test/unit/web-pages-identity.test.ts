// Issue 34: a page's bytes for a client that takes no compression are kept with the page, as its compressed
// forms are: encoded once, the same bytes sent to every such client.
import { describe, expect, it } from 'vitest';
import { storefrontVersion } from '../../src/lib/storefront-version.ts';
import { createCompressedCache } from '../../src/web-pages/compressed-cache.ts';
import { type RenderedPage, renderedBody } from '../../src/web-pages/rendered-cache.ts';

const page = (html: string): RenderedPage => ({
  status: 200,
  html,
  anonymousHtml: `${html} anonyme`,
  version: storefrontVersion(),
  at: performance.now(),
  encoded: new Map(),
});

describe('uncompressed bodies', () => {
  it("keeps a drawn page's uncompressed bytes, per session kind, beside its compressed forms", async () => {
    const drawn = page('<main>Coffrets à offrir — علب الهدايا</main>');
    const anonymous = renderedBody(drawn, true, 'identity');
    expect(renderedBody(drawn, true, 'identity')).toBe(anonymous);
    expect(await renderedBody(drawn, true, 'identity')).toBe(await anonymous);
    expect((await anonymous).toString('utf8')).toBe('<main>Coffrets à offrir — علب الهدايا</main> anonyme');
    expect((await renderedBody(drawn, false, 'identity')).toString('utf8')).toBe('<main>Coffrets à offrir — علب الهدايا</main>');
    void renderedBody(drawn, true, 'br');
    expect([...drawn.encoded.keys()]).toEqual(['anonymous identity', 'session identity', 'anonymous br']);
  });

  it("keeps the uncompressed bytes of a page the browser draws, as its compressed ones", async () => {
    const encode = createCompressedCache();
    const first = encode('<p>Farha — فرحة</p>', 'identity');
    expect(encode('<p>Farha — فرحة</p>', 'identity')).toBe(first);
    expect((await first).toString('utf8')).toBe('<p>Farha — فرحة</p>');
  });
});
