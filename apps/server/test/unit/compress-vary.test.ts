import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installApiCompression } from '../../src/lib/compress.ts';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ i, text: 'une réponse assez longue pour être compressée' })) };

describe('compressed API answers keep the Vary set by the route', () => {
  const app = Fastify();
  beforeAll(async () => {
    installApiCompression(app);
    app.get('/api/by-origin', async (_request, reply) => reply.header('vary', 'Origin').send(big));
    app.get('/api/by-origin-small', async (_request, reply) => reply.header('vary', 'Origin, Cookie').send({ ok: true }));
    app.get('/api/already', async (_request, reply) => reply.header('vary', 'Origin, Accept-Encoding').send(big));
    app.get('/api/star', async (_request, reply) => reply.header('vary', '*').send(big));
    app.get('/api/stream', async (_request, reply) =>
      reply.type('text/csv').header('vary', 'Cookie').send(Readable.from(['a;b\n', '1;2\n'])),
    );
    app.get('/api/plain', async () => big);
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });

  it('appends Accept-Encoding to an existing Vary (compressed, small and streamed answers)', async () => {
    const compressed = await get('/api/by-origin');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toBe('Origin, accept-encoding');
    expect((await get('/api/by-origin-small')).headers.vary).toBe('Origin, Cookie, accept-encoding');
    const streamed = await get('/api/stream');
    expect(streamed.headers['content-encoding']).toBe('br');
    expect(streamed.headers.vary).toBe('Cookie, accept-encoding');
  });

  it('does not repeat Accept-Encoding, keeps "*", and sets it alone when there was none', async () => {
    expect((await get('/api/already')).headers.vary).toBe('Origin, Accept-Encoding');
    expect((await get('/api/star')).headers.vary).toBe('*');
    expect((await get('/api/plain')).headers.vary).toBe('accept-encoding');
  });
});
