import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers smaller than this go as they are (compressing them costs more than it saves). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// Quality 4 / level 6: most of the gain at a fraction of the cost of the maximum (JSON compresses ~10×).
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const COMPRESSIBLE = /^(application\/(json|problem\+json)|text\/(csv|plain))\b/;

type Encoding = 'br' | 'gzip';

/** The encoding the client accepts (brotli preferred), honouring `q=0`. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/**
 * Adds Accept-Encoding to the answer's Vary, keeping what the route (or CORS, sessions) put there:
 * overwriting it would let a shared cache serve one origin's or one session's answer to another.
 */
export function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('*') || names.some((name) => name.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...names, 'accept-encoding'].join(', '));
}

function shouldCompress(request: FastifyRequest, reply: FastifyReply): Encoding | null {
  if (!request.url.startsWith('/api/') || request.method === 'HEAD') return null;
  if (reply.hasHeader('content-encoding') || reply.statusCode === 204 || reply.statusCode === 304) return null;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!COMPRESSIBLE.test(type)) return null;
  return acceptedEncoding(request.headers['accept-encoding']);
}

/**
 * Compresses the API's answers (JSON, CSV) of 1 KB or more with brotli or gzip, as the client accepts.
 * Only under /api/: static files are served pre-compressed by the static serving code.
 * Streamed answers (exports) are compressed as they stream.
 */
export function installApiCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const encoding = shouldCompress(request, reply);
    if (!encoding) return payload;
    if (payload instanceof Readable) {
      varyOnEncoding(reply);
      reply.header('content-encoding', encoding).removeHeader('content-length');
      const stream = encoding === 'br' ? zlib.createBrotliCompress(BROTLI_OPTIONS) : zlib.createGzip();
      payload.on('error', (error) => stream.destroy(error));
      return payload.pipe(stream);
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    varyOnEncoding(reply);
    if (size < COMPRESS_THRESHOLD_BYTES) return payload;
    const body = encoding === 'br' ? await brotli(payload, BROTLI_OPTIONS) : await gzip(payload);
    reply.header('content-encoding', encoding).header('content-length', body.length);
    return body;
  });
}
