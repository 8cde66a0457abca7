import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { freePort } from './ports.ts';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { newEmbeddedClient, openDatabase, type Database } from '../src/db/client.ts';
import type { Clock } from '../src/lib/clock.ts';
import type { Mailer, OutgoingMail } from '../src/modules/notifications/index.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/db/seed/demo-accounts.ts';
import type { TRole } from '@farha/contracts/roles';
import { systemSettings } from '../src/db/schema/index.ts';

const TEST_SETTINGS_AT = new Date(0);
const TEST_PLATFORM_SETTINGS = { session_timeout: 86_400_000, rate_limit_per_minute: 100_000 };

export type TestDatabase = Database & { url: string | null };

/** A private copy of the migrated, seeded template: PGlite by default, PostgreSQL when the run uses it. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (url && template) {
    const name = `farha_t_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: target.toString() });
    return {
      ...database,
      url: target.toString(),
      close: async () => {
        await database.close();
        const drop = new pg.Client({ connectionString: url });
        await drop.connect();
        await drop.query(`drop database if exists ${name} with (force)`);
        await drop.end();
      },
    };
  }
  const data = fs.readFileSync(inject('pgliteTemplate'));
  const client = newEmbeddedClient(undefined, { loadDataDir: new Blob([data]) });
  const database = await openDatabase({ pglite: client });
  return { ...database, url: null };
}

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close: () => Promise<void>;
  /** Logs in and returns the Cookie header value. */
  login: (email: string, password?: string) => Promise<string>;
  request: (options: InjectOptions & { cookie?: string }) => Promise<LightMyRequestResponse>;
};

export { freePort };

/** What the customer's browser does on the sandbox gateway page: posts its form (by default "pay"). */
export function payOnSandbox(publicUrl: string, checkoutUrl: string, form: Record<string, string> = { action: 'pay' }): Promise<Response> {
  return fetch(`${publicUrl}${new URL(checkoutUrl).pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: publicUrl },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
}

export async function buildTestApp(
  options: {
    clock?: Clock;
    env?: Record<string, string>;
    mailer?: Mailer;
    listen?: boolean;
    fetchImpl?: typeof fetch;
    /**
     * Tests move their clock by hours between two calls of one session, and sign in many times a minute from
     * one address: they get the longest idle timeout the settings allow (24 h) and a high login rate, unless
     * a test of these rules asks for the seed's settings ('setting').
     */
    idleTimeout?: 'long' | 'setting';
    /** A database of the test's own (a fresh seed) instead of a copy of the template. */
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  if (options.idleTimeout !== 'setting') {
    await database.db
      .insert(systemSettings)
      .values({ key: 'platform', value: TEST_PLATFORM_SETTINGS, updatedAt: TEST_SETTINGS_AT })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: TEST_PLATFORM_SETTINGS } });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-test-'));
  // Listening tests get a real port, so that the sandbox gateway can call our webhook over HTTP.
  const port = options.listen ? await freePort() : 3000;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JOBS: 'false',
    DEMO_MODE: 'true',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Fixtures register many customers from one address; hardening.test.ts tests the real limit.
    REGISTRATION_LIMIT_PER_HOUR: '100000',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    clock: options.clock,
    logger: false,
    mailer: options.mailer,
    fetchImpl: options.fetchImpl,
  });
  await app.ready();
  if (options.listen) await app.listen({ port, host: '127.0.0.1' });

  const request: TestApp['request'] = ({ cookie, ...rest }) =>
    app.inject({ ...rest, headers: { ...(rest.headers ?? {}), ...(cookie ? { cookie } : {}) } });

  return {
    app,
    database,
    config,
    request,
    login: async (email, password = DEMO_PASSWORD) => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return cookieFrom(res);
    },
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type TestAppOptions = Parameters<typeof buildTestApp>[0];

/**
 * The app a test file shares: built before its first test and closed after its last (vitest's beforeAll
 * and afterAll, so call it at the top of the file). The object it returns stands for that app from then on.
 */
export function sharedTestApp(options?: TestAppOptions, afterBuild?: (t: TestApp) => Promise<void>): TestApp {
  let built: TestApp | undefined;
  const app = () => {
    if (!built) throw new Error('the shared test app is used before beforeAll built it');
    return built;
  };
  beforeAll(async () => {
    built = await buildTestApp(options);
    await afterBuild?.(built);
  });
  afterAll(async () => {
    await built?.close();
  });
  return {
    get app() {
      return app().app;
    },
    get database() {
      return app().database;
    },
    get config() {
      return app().config;
    },
    close: () => app().close(),
    login: (email, password) => app().login(email, password),
    request: (options) => app().request(options),
  };
}

/** sharedTestApp, signed in once as each role's demo account (ACCOUNTS): `cookies[role]` is its Cookie header. */
export function sharedTestAppForEveryRole(options?: TestAppOptions): { t: TestApp; cookies: Record<Role, string> } {
  const cookies = {} as Record<Role, string>;
  const t = sharedTestApp(options, async (app) => {
    for (const role of Object.keys(ACCOUNTS) as Role[]) cookies[role] = await app.login(ACCOUNTS[role]);
  });
  return { t, cookies };
}

/** A row of a role × endpoint table: the roles that get past the guard (a 404 or 400 on a dummy id still proves access). */
export type GuardedEndpoint = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object; allowed: readonly Role[] };

/**
 * One test per endpoint: 401 anonymous, 403 for each role outside `allowed`; inside, one of `answers` when
 * given (the answer is about the thing: found, missing, invalid…), else anything but 403.
 */
export function itGuardsEachEndpoint(
  t: TestApp,
  cookies: Record<Role, string>,
  endpoints: GuardedEndpoint[],
  { answers, title = (e) => `${e.method} ${e.url}: 401 anonymous, 403 outside ${e.allowed.join(', ')}` }: { answers?: number[]; title?: (e: GuardedEndpoint) => string } = {},
): void {
  for (const e of endpoints) {
    it(title(e), async () => {
      const call = (cookie?: string) => t.request({ method: e.method, url: e.url, ...(e.payload ? { payload: e.payload } : {}), ...(cookie ? { cookie } : {}) });
      expect((await call()).statusCode).toBe(401);
      for (const role of Object.keys(ACCOUNTS) as Role[]) {
        const status = (await call(cookies[role])).statusCode;
        if (!e.allowed.includes(role)) expect({ role, status }).toEqual({ role, status: 403 });
        else if (answers) expect({ role, status }).toEqual({ role, status: expect.toSatisfy((s: number) => answers.includes(s)) });
        else expect({ role, status }).not.toEqual({ role, status: 403 });
      }
    });
  }
}

export function cookieFrom(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const first = Array.isArray(raw) ? raw[0] : raw;
  if (!first) throw new Error('no cookie set');
  return first.split(';')[0]!;
}

/** A mailer that keeps what it accepts, for tests that read the messages (the SMTP test uses a real server). */
export function memoryMailer(): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    kind: 'file',
    sent,
    send: async (mail) => {
      sent.push(mail);
      return { messageId: `<${mail.key ?? randomBytes(6).toString('hex')}@test.farha>` };
    },
    close: () => {},
  };
}

/** One demo account per role (the first the seed makes), for role × endpoint tests. */
export const ACCOUNTS = {} as Record<TRole, string>;
for (const account of DEMO_ACCOUNTS) ACCOUNTS[account.role] ??= account.email;
export type Role = TRole;
