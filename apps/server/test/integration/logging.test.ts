import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { redactUrl } from '../../src/lib/logging.ts';
import { openTestDatabase, type TestDatabase } from '../helpers.ts';
import type { FastifyInstance } from 'fastify';
import { testClock } from '../clock.ts';

const PASSWORD = 'Sup3r-secret-passphrase!';
const LEVELS: Record<number, string> = { 20: 'debug', 30: 'info', 40: 'warn', 50: 'error' };
let database: TestDatabase;

type Logged = { app: FastifyInstance; clock: ReturnType<typeof testClock>; output: () => string; lines: () => Record<string, unknown>[] };

/** The app as the server builds it, at LOG_LEVEL `level`, its JSON lines collected; two test routes. */
async function loggedApp(level: string): Promise<Logged> {
  let output = '';
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const clock = testClock();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: level, JOBS: 'false', DEMO_MODE: 'true', PUBLIC_URL: 'http://127.0.0.1:3000' });
  const app = await buildApp({ config, database, clock, logStream: stream });
  // A handler that fails unexpectedly, and one that takes 1.5 s on the app's clock.
  app.get('/__test/boom', async () => {
    throw new Error('database on fire');
  });
  app.get('/__test/slow', async () => {
    clock.advance(1_500);
    return { ok: true };
  });
  const lines = () =>
    output
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { app, clock, output: () => output, lines };
}

let info: Logged;
let debug: Logged;

beforeAll(async () => {
  database = await openTestDatabase();
  info = await loggedApp('info');
  debug = await loggedApp('debug');
});
afterAll(async () => {
  await info.app.close();
  await debug.app.close();
  await database.close();
});

const linesOf = (logged: Logged, reqId: unknown) => logged.lines().filter((l) => l.reqId === reqId);

describe('access logs at info', () => {
  it('a normal 200 (or a 4xx) writes no line', async () => {
    const ok = await info.app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    const missing = await info.app.inject({ method: 'GET', url: '/api/boxes/00000000-0000-0000-0000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(linesOf(info, ok.headers['x-request-id'])).toEqual([]);
    expect(linesOf(info, missing.headers['x-request-id'])).toEqual([]);
  });

  it('a 500 writes one line at error, with the request id and the error', async () => {
    const res = await info.app.inject({ method: 'GET', url: '/__test/boom', headers: { 'x-request-id': 'boom-1' } });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL');
    const lines = linesOf(info, 'boom-1');
    expect(lines).toHaveLength(1);
    expect(LEVELS[lines[0]!.level as number]).toBe('error');
    expect((lines[0]!.err as { message: string }).message).toBe('database on fire');
    expect(lines[0]!.res).toEqual({ statusCode: 500 });
    expect((lines[0]!.req as { url: string }).url).toBe('/__test/boom');
  });

  it('a request slower than SLOW_REQUEST_MS writes a warn line with its duration', async () => {
    const res = await info.app.inject({ method: 'GET', url: '/__test/slow', headers: { 'x-request-id': 'slow-1' } });
    expect(res.statusCode).toBe(200);
    const lines = linesOf(info, 'slow-1');
    expect(lines).toHaveLength(1);
    expect(LEVELS[lines[0]!.level as number]).toBe('warn');
    expect(lines[0]!.responseTime).toBe(1_500);
    expect(lines[0]!.msg).toBe('slow request');
  });

  it('SLOW_REQUEST_MS is validated', () => {
    expect(loadConfig({ SLOW_REQUEST_MS: '250' }).slowRequestMs).toBe(250);
    expect(loadConfig({}).slowRequestMs).toBe(1_000);
    expect(() => loadConfig({ SLOW_REQUEST_MS: 'soon' })).toThrow(/SLOW_REQUEST_MS must be a whole number of milliseconds/);
    expect(() => loadConfig({ SLOW_REQUEST_MS: '0' })).toThrow(/SLOW_REQUEST_MS/);
  });
});

describe('access logs at debug', () => {
  it('writes JSON lines for every request, carrying the request id, echoed in x-request-id, and no password, cookie or token', async () => {
    const { app } = debug;
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

    const all = debug.lines();
    const requestLines = all.filter((l) => l.req || l.res);
    expect(requestLines.length).toBeGreaterThanOrEqual(12);
    for (const line of requestLines) expect(line.reqId).toEqual(expect.any(String));
    // As it arrives and as it ends.
    expect(linesOf(debug, 'proxy-req-42').map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(linesOf(debug, 'proxy-req-42').every((l) => LEVELS[l.level as number] === 'debug')).toBe(true);
    expect(linesOf(debug, me.headers['x-request-id']).length).toBeGreaterThan(0);

    const output = debug.output();
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
