import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { redactUrl } from '../../src/lib/logging.ts';
import { openTestDatabase, type TestDatabase } from '../helpers.ts';
import type { FastifyInstance } from 'fastify';
import { testClock } from '../clock.ts';

const PASSWORD = 'Sup3r-secret-passphrase!';
let app: FastifyInstance;
let database: TestDatabase;
let output = '';

beforeAll(async () => {
  database = await openTestDatabase();
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', JOBS: 'false', DEMO_MODE: 'true', PUBLIC_URL: 'http://127.0.0.1:3000' });
  app = await buildApp({ config, database, clock: testClock(), logStream: stream });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const lines = () =>
  output
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('structured logs', () => {
  it('writes JSON lines carrying the request id, echoed in x-request-id, and no password, cookie or token', async () => {
    const email = `logs.${Date.now()}@example.dz`;
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: PASSWORD, firstName: 'Lina', lastName: 'Logs' },
    });
    expect(registered.statusCode).toBe(201);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-request-id': 'proxy-req-42' },
      payload: { email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['x-request-id']).toBe('proxy-req-42');
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const wrong = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: `${PASSWORD}x` } });
    expect(wrong.statusCode).toBe(401);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie, authorization: 'Bearer abc.def.ghi' } });
    expect(me.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // A forged id (spaces, too long) is not trusted.
    const forged = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b'.repeat(40) } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await app.inject({ method: 'GET', url: '/api/invitations/secret-invitation-token-123' });

    const all = lines();
    expect(all.length).toBeGreaterThanOrEqual(10);
    const requestLines = all.filter((l) => l.req || l.res);
    expect(requestLines.length).toBeGreaterThanOrEqual(10);
    for (const line of requestLines) expect(line.reqId).toEqual(expect.any(String));
    expect(all.filter((l) => l.reqId === 'proxy-req-42')).toHaveLength(2);
    expect(all.some((l) => l.reqId === me.headers['x-request-id'])).toBe(true);

    expect(output).not.toContain(PASSWORD);
    expect(output).not.toContain(cookie.split('=')[1]!);
    expect(output).not.toContain('abc.def.ghi');
    expect(output).not.toContain('secret-invitation-token-123');
  });

  it('masks secrets in logged addresses', () => {
    expect(redactUrl('/api/invitations/abc123/accept')).toBe('/api/invitations/[redacted]/accept');
    expect(redactUrl('/api/public/vouchers/FRH-AAAA-BBBB-CCCC')).toBe('/api/public/vouchers/[redacted]');
    expect(redactUrl('/api/auth/password/reset/check?token=xyz&lang=fr')).toBe('/api/auth/password/reset/check?token=[redacted]&lang=fr');
    expect(redactUrl('/api/boxes?q=hammam')).toBe('/api/boxes?q=hammam');
  });
});
