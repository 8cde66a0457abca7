import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SerializedBody } from './memo-cache.ts';

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a pre-serialized JSON answer with its ETag; `If-None-Match` with that tag gets a 304 and no
 * body. The body is already serialized bytes, so Fastify sends it as is (no serialization, no encoding).
 * Public answers may be kept by caches, which must revalidate them.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: SerializedBody) {
  reply.header('etag', cached.etag).header('cache-control', 'public, no-cache');
  if (matches(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}
