import { type BodyEncoding, encodeHtml } from './compression.ts';

/** Compressed HTML pages kept (the homepage and every box page fit easily). */
const COMPRESSED_CACHE_SIZE = 500;

/**
 * The bodies of pages the browser draws (not drawn on the server), by encoding and HTML, compressed or as
 * they are (`identity`, a client that takes no compression): the same page sent again is not compressed, nor
 * encoded, again. Full, it starts over.
 */
export function createCompressedCache(): (html: string, encoding: BodyEncoding) => Promise<Buffer> {
  const compressed = new Map<string, Promise<Buffer>>();
  return function encode(html, encoding) {
    const key = `${encoding}:${html}`;
    let body = compressed.get(key);
    if (!body) {
      body = encodeHtml(html, encoding);
      if (compressed.size >= COMPRESSED_CACHE_SIZE) compressed.clear();
      compressed.set(key, body);
    }
    return body;
  };
}
