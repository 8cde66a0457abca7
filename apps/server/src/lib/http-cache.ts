import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SerializedBody } from './memo-cache.ts';
import { varyOnEncoding } from './compress.ts';

/** Below this size compressing costs more than it saves. */
const COMPRESS_MIN_BYTES = 1024;

type Encoding = 'br' | 'gzip';
const compressed = new WeakMap<SerializedBody, Partial<Record<Encoding, Buffer>>>();

/** The body compressed once per cached answer (not once per request). */
function encodedBody(cached: SerializedBody, encoding: Encoding): Buffer {
  let entry = compressed.get(cached);
  if (!entry) compressed.set(cached, (entry = {}));
  return (entry[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(cached.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      : gzipSync(cached.body, { level: 9 }));
}

function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  if (/\bbr\b/.test(value)) return 'br';
  if (/\bgzip\b/.test(value)) return 'gzip';
  return null;
}

function matches(header: string | undefined, etags: string[]): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => etags.includes(tag.trim().replace(/^W\//, '')));
}

/**
 * Sends a pre-serialized JSON answer with its ETag; `If-None-Match` with that tag gets a 304 and no
 * body. The body is already serialized (and, for clients that accept it, compressed) bytes, so Fastify
 * sends it as is. Public answers may be kept by caches, which must revalidate them.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: SerializedBody) {
  const encoding = cached.body.length >= COMPRESS_MIN_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  // Each representation has its own strong tag; either tag proves the client holds this content.
  const etag = encoding ? `${cached.etag.slice(0, -1)}-${encoding}"` : cached.etag;
  reply.header('etag', etag).header('cache-control', 'public, no-cache');
  varyOnEncoding(reply);
  const base = cached.etag;
  if (matches(request.headers['if-none-match'], [etag, base, `${base.slice(0, -1)}-br"`, `${base.slice(0, -1)}-gzip"`])) {
    return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  if (!encoding) return reply.send(cached.body);
  return reply.header('content-encoding', encoding).send(encodedBody(cached, encoding));
}
