import { compressHtml, type HtmlEncoding } from './compression.ts';

/** Compressed HTML pages kept (the homepage and every box page fit easily). */
const COMPRESSED_CACHE_SIZE = 500;

/**
 * The compressed bodies of pages the browser draws (not drawn on the server), by encoding and HTML: the same
 * page sent again is not compressed again. Full, it starts over.
 */
export function createCompressedCache(): (html: string, encoding: HtmlEncoding) => Promise<Buffer> {
  const compressed = new Map<string, Promise<Buffer>>();
  return function encode(html, encoding) {
    const key = `${encoding}:${html}`;
    let body = compressed.get(key);
    if (!body) {
      body = compressHtml(html, encoding);
      if (compressed.size >= COMPRESSED_CACHE_SIZE) compressed.clear();
      compressed.set(key, body);
    }
    return body;
  };
}
