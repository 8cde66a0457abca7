import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/client.ts';
import { boxes, payments, storedFiles } from '../../src/db/schema/index.ts';
import { signWebhook } from '../../src/modules/payments/index.ts';
import { buildApp } from '../../src/app.ts';
import { MAX_ACCOUNT_FAILURES, MAX_ADDRESS_FAILURES, MAX_FAILURES } from '../../src/modules/accounts/index.ts';
import { startMetricsServer } from '../../src/modules/metrics/index.ts';
import { testClock } from '../clock.ts';
import { buildTestApp, freePort, type TestApp } from '../helpers.ts';

/** Issue 11, "Hardening and operations": each hole with the test that failed before its fix. */
const clock = testClock();
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { REGISTRATION_LIMIT_PER_HOUR: '10' } });
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress, headers });

describe('client addresses and login throttling', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY says so: a client cannot reset its per-address limits', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await login('finance@demo.farha.dz', 'wrong-password', '10.1.1.1', { 'x-forwarded-for': `203.0.113.${i + 1}` });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('limits failed logins per account, whatever address they come from', async () => {
    const email = 'support@demo.farha.dz';
    for (let i = 0; i < MAX_ACCOUNT_FAILURES; i++) {
      expect((await login(email, 'wrong-password', `10.2.${Math.floor(i / 200)}.${(i % 200) + 1}`)).statusCode).toBe(401);
    }
    // Even the right password from a fresh address waits for the window to pass.
    const locked = await login(email, 'demo1234', '10.3.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('RATE_LIMITED');
    clock.advance(16 * 60_000);
    expect((await login(email, 'demo1234', '10.3.0.1')).statusCode).toBe(200);
  }, 90_000);

  it('tries sent at the same moment cannot pass the last place under the limit together', async () => {
    const email = 'catalogue@demo.farha.dz';
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await login(email, 'wrong-password', '10.5.0.1')).statusCode).toBe(401);
    // One place left: of eight simultaneous wrong passwords, one is checked and the seven others refused.
    const burst = await Promise.all(Array.from({ length: 8 }, () => login(email, 'wrong-password', '10.5.0.1')));
    const codes = burst.map((res) => res.statusCode).sort();
    expect(codes).toEqual([401, 429, 429, 429, 429, 429, 429, 429]);
    // The refused tries were not counted as wrong passwords: the account's own count is the ten checked ones,
    // so the right password from another address still logs in.
    expect((await login(email, 'demo1234', '10.5.0.2')).statusCode).toBe(200);
    clock.advance(16 * 60_000);
  });

  it('answers every try of a burst on one account, counted or refused, never 500 (the counters are locked in one order)', async () => {
    // Tries counted and tries given back at the same moment, on the same counters: on PostgreSQL they once locked
    // the counters in opposite orders, deadlocked, and answered 500.
    const email = 'finance@demo.farha.dz';
    const codes: number[] = [];
    for (let round = 0; round < 6; round++) {
      const address = `10.6.${round}.1`;
      for (let i = 0; i < MAX_FAILURES - 1; i++) codes.push((await login(email, 'wrong-password', address)).statusCode);
      // One place left: the burst's refused tries are given back while the others are still being counted.
      const burst = await Promise.all(Array.from({ length: 24 }, () => login(email, 'wrong-password', address)));
      codes.push(...burst.map((res) => res.statusCode));
      clock.advance(16 * 60_000);
    }
    expect(codes.filter((code) => code !== 401 && code !== 429)).toEqual([]);
    expect(codes.filter((code) => code === 401)).toHaveLength(6 * MAX_FAILURES);
  });

  it('limits failed logins per address, whatever account they try', async () => {
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++) {
      expect((await login(`nobody-${i}@example.dz`, 'wrong-password', '10.4.0.1')).statusCode).toBe(401);
    }
    expect((await login('someone-else@example.dz', 'wrong-password', '10.4.0.1')).statusCode).toBe(429);
    // Another address is not affected.
    expect((await login('someone-else@example.dz', 'wrong-password', '10.4.0.2')).statusCode).toBe(401);
  }, 90_000);
});

describe('failed logins counted through the database', () => {
  it('two instances on one database share the counts: the limits do not double behind a proxy', async () => {
    // A second instance of Farha on the same database, as the compose file runs them behind the proxy.
    const other = await buildApp({ config: t.config, database: t.database, clock, logger: false });
    await other.ready();
    try {
      const on = (app: typeof other, email: string, password: string, remoteAddress: string) =>
        app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
      // One address and one account: the tries alternate between the two instances.
      const email = 'catalogue@demo.farha.dz';
      const codes: number[] = [];
      for (let i = 0; i < MAX_FAILURES; i++) codes.push((await on(i % 2 ? other : t.app, email, 'wrong-password', '10.7.0.1')).statusCode);
      expect(codes).toEqual(Array(MAX_FAILURES).fill(401));
      expect((await on(t.app, email, 'demo1234', '10.7.0.1')).statusCode).toBe(429);
      expect((await on(other, email, 'demo1234', '10.7.0.1')).statusCode).toBe(429);

      // One account from many addresses, half on each instance.
      const target = 'partenaire@demo.farha.dz';
      for (let i = 0; i < MAX_ACCOUNT_FAILURES; i++) {
        expect((await on(i % 2 ? other : t.app, target, 'wrong-password', `10.8.0.${i + 1}`)).statusCode).toBe(401);
      }
      expect((await on(other, target, 'demo1234', '10.8.1.1')).statusCode).toBe(429);
      expect((await on(t.app, target, 'demo1234', '10.8.1.2')).statusCode).toBe(429);

      // The window passes for both; a successful login on one clears the address-and-account count for both.
      clock.advance(16 * 60_000);
      expect((await on(other, email, 'demo1234', '10.7.0.1')).statusCode).toBe(200);
      for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await on(t.app, email, 'wrong-password', '10.7.0.1')).statusCode).toBe(401);
      expect((await on(other, email, 'demo1234', '10.7.0.1')).statusCode).toBe(200);
      for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await on(other, email, 'wrong-password', '10.7.0.1')).statusCode).toBe(401);
      expect((await on(t.app, email, 'demo1234', '10.7.0.1')).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  }, 90_000);
});

describe('registration', () => {
  it('is limited per address with a clear French error (429), X-Forwarded-For notwithstanding', async () => {
    const codes: number[] = [];
    let last;
    for (let i = 0; i < 12; i++) {
      last = await t.request({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '10.5.0.1',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        payload: { email: `bulk-${i}@example.dz`, password: 'secret123', firstName: 'Bot', lastName: 'Bulk' },
      });
      codes.push(last.statusCode);
    }
    expect(t.config.registrationLimitPerHour).toBe(10);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.at(-1)).toBe(429);
    expect(last!.json().error).toEqual({
      code: 'REGISTRATION_LIMITED',
      message: 'Trop de comptes créés depuis cette adresse. Veuillez réessayer dans une heure.',
    });
    const elsewhere = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '10.5.0.2',
      payload: { email: 'legit@example.dz', password: 'secret123', firstName: 'Lina', lastName: 'Ait' },
    });
    expect(elsewhere.statusCode).toBe(201);
  });
});

describe('demo mailbox', () => {
  it('shows a back-office account its own mail and that of customers and partners, never another staff account’s', async () => {
    for (const email of ['admin@demo.farha.dz', 'finance@demo.farha.dz', 'client@demo.farha.dz', 'partenaire@demo.farha.dz']) {
      const res = await t.request({ method: 'POST', url: '/api/auth/password/forgot', payload: { email }, remoteAddress: '10.6.0.1' });
      expect(res.statusCode).toBe(202);
    }
    const list = async (cookie: string) => {
      const res = await t.request({ method: 'GET', url: '/api/demo/mailbox', cookie });
      expect(res.statusCode).toBe(200);
      return res.json().messages as { id: string; to: string }[];
    };
    const admin = await t.login('admin@demo.farha.dz');
    const finance = await t.login('finance@demo.farha.dz');
    const seenByAdmin = new Set((await list(admin)).map((m) => m.to));
    expect(seenByAdmin).toContain('admin@demo.farha.dz');
    expect(seenByAdmin).toContain('client@demo.farha.dz');
    expect(seenByAdmin).toContain('partenaire@demo.farha.dz');
    expect(seenByAdmin).not.toContain('finance@demo.farha.dz');

    const financeMail = await list(finance);
    expect(financeMail.map((m) => m.to)).toContain('finance@demo.farha.dz');
    expect(financeMail.map((m) => m.to)).not.toContain('admin@demo.farha.dz');
    // Nor by its id, nor by asking for it.
    const financeReset = financeMail.find((m) => m.to === 'finance@demo.farha.dz')!;
    expect((await t.request({ method: 'GET', url: `/api/demo/mailbox/${financeReset.id}`, cookie: admin })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/demo/mailbox/${financeReset.id}`, cookie: finance })).statusCode).toBe(200);
    const asked = await t.request({ method: 'GET', url: '/api/demo/mailbox?to=finance@demo', cookie: admin });
    expect(asked.json().messages).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers a NUL byte in a path parameter, the query or a body string 400, before it reaches PostgreSQL', async () => {
    const cases = [
      { method: 'GET' as const, url: '/pay/sandbox/%00' },
      { method: 'GET' as const, url: '/api/boxes?q=a%00b' },
      { method: 'POST' as const, url: '/api/auth/password/forgot', payload: { email: 'client\u0000@demo.farha.dz' } },
      { method: 'POST' as const, url: '/api/auth/login', payload: { email: 'client@demo.farha.dz\u0000', password: 'x' } },
      { method: 'POST' as const, url: '/api/newsletter', payload: { email: 'a@b.dz', nested: { deep: ['ok', 'n\u0000'] } } },
    ];
    for (const c of cases) {
      const res = await t.request({ ...c, remoteAddress: '10.7.0.1' });
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    }
  });
});

describe('payments, cookies and uploads', () => {
  it('refuses and logs a correctly signed webhook whose amount or currency differs from the order', async () => {
    const customer = await t.login('client@demo.farha.dz');
    const [box] = await t.database.db.select().from(boxes).where(eq(boxes.active, true)).limit(1);
    const created = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: customer,
      payload: { boxId: box!.id, recipientName: 'Nadia Benali', recipientEmail: 'nadia@example.dz', senderName: 'Amina', paymentMethod: 'cib', termsAccepted: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { orderId, checkoutUrl } = created.json() as { orderId: string; checkoutUrl: string };
    const checkoutId = checkoutUrl.split('/').pop()!;
    const secret = await t.app.payments.sandbox.webhookSecret();
    const post = (data: Record<string, unknown>) => {
      const raw = JSON.stringify({ id: `evt_${Object.keys(data).join('_')}`, type: 'checkout.paid', data: { id: checkoutId, status: 'paid', ...data } });
      return t.request({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: raw, headers: { 'content-type': 'application/json', signature: signWebhook(raw, secret) } });
    };
    const cheaper = await post({ amount: 100, currency: 'dzd' });
    expect(cheaper.statusCode).toBe(409);
    expect(cheaper.json().error.code).toBe('PAYMENT_MISMATCH');
    const euros = await post({ amount: box!.price, currency: 'eur' });
    expect(euros.statusCode).toBe(409);
    const order = await t.request({ method: 'GET', url: `/api/orders/${orderId}`, cookie: customer });
    expect(order.json().status).toBe('pending');
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment!.status).toBe('pending');
    // The right amount and currency pay it.
    const right = await post({ amount: box!.price, currency: 'dzd' });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().outcome).toBe('applied');
  });

  it('sets the session cookie Secure whenever PUBLIC_URL is https', async () => {
    expect(String((await login('client@demo.farha.dz', 'demo1234', '10.8.0.1')).headers['set-cookie'])).not.toMatch(/Secure/i);
    const https = await buildTestApp({ env: { PUBLIC_URL: 'https://farha.example.dz' } });
    try {
      const res = await https.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'client@demo.farha.dz', password: 'demo1234' } });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
      const reg = await https.request({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'secure@example.dz', password: 'secret123', firstName: 'Sara', lastName: 'Ait' },
      });
      expect(String(reg.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await https.close();
    }
  });

  it('stores an upload under the extension of its detected type, never the client’s', async () => {
    const owner = await t.login('partenaire@demo.farha.dz');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const boundary = '----farha-hardening';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="shell.html"\r\nContent-Type: text/html\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.request({ method: 'POST', url: '/api/partner/offers/image', cookie: owner, payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(storedFiles).orderBy(desc(storedFiles.createdAt)).limit(1);
    // An offer picture is re-encoded to WebP: the type, the extension and the name follow the stored bytes.
    expect(row).toMatchObject({ contentType: 'image/webp', filename: 'shell.webp' });
    expect(row!.storageKey).toMatch(/\.webp$/);
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', row!.storageKey))).toBe(true);
  });
});

describe('one address', () => {
  it('sends page loads on another host name of the server to PUBLIC_URL (308) before a session is made', async () => {
    // PUBLIC_URL unset means http://localhost:PORT; the log used to print http://127.0.0.1:PORT first.
    const local = await buildTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
    const page = (url: string, host: string, method: 'GET' | 'HEAD' = 'GET', headers: Record<string, string> = {}) =>
      local.request({ method, url, headers: { host, ...headers } });
    try {
      const moved = await page('/pay/sandbox/0b8d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e?from=checkout', '127.0.0.1:3000');
      expect(moved.statusCode).toBe(308);
      expect(moved.headers.location).toBe('http://localhost:3000/pay/sandbox/0b8d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e?from=checkout');
      expect(moved.headers['set-cookie']).toBeUndefined();
      expect((await page('/client/dashboard', '[::1]:3000')).headers.location).toBe('http://localhost:3000/client/dashboard');
      expect((await page('/', '127.0.0.1:3000', 'HEAD')).statusCode).toBe(308);
      // The address itself, the API (health, login, webhooks), another port, a LAN name (never sent to a
      // loopback address) and anything a proxy forwarded are served as they are.
      expect((await page('/pay/sandbox/0b8d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', 'localhost:3000')).statusCode).not.toBe(308);
      expect((await page('/api/health', '127.0.0.1:3000')).statusCode).toBe(200);
      expect((await page('/api/health/ready', '127.0.0.1:3000')).statusCode).toBe(200);
      const login = await local.request({
        method: 'POST',
        url: '/api/auth/login',
        headers: { host: '127.0.0.1:3000' },
        payload: { email: 'client@demo.farha.dz', password: 'demo1234' },
      });
      expect(login.statusCode).toBe(200);
      expect((await page('/', '127.0.0.1:8080')).statusCode).not.toBe(308);
      expect((await page('/', '192.168.1.20:3000')).statusCode).not.toBe(308);
      expect((await page('/', '127.0.0.1:3000', 'GET', { 'x-forwarded-for': '203.0.113.9' })).statusCode).not.toBe(308);
    } finally {
      await local.close();
    }
    const proxied = await buildTestApp({ env: { PUBLIC_URL: 'http://localhost:3000', TRUST_PROXY: 'true' } });
    try {
      expect((await proxied.request({ method: 'GET', url: '/', headers: { host: '127.0.0.1:3000' } })).statusCode).not.toBe(308);
    } finally {
      await proxied.close();
    }
  });
});

describe('operations', () => {
  it('answers GET /api/health/ready 200 only when the database answers and every migration is applied', async () => {
    const ready = await t.request({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: t.database.kind });
    const { migrations } = ready.json() as { migrations: number };
    expect(migrations).toBeGreaterThan(0);

    // The newest migration missing: not ready (the cheap liveness check still says ok).
    const db = t.database.db;
    const [row] = await rowsOf<{ id: number; hash: string; created_at: string }>(
      db,
      sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    if (!row) throw new Error('no migration row');
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const pending = await t.request({ method: 'GET', url: '/api/health/ready' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json().error.code).toBe('MIGRATIONS_PENDING');
      expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at}::bigint)`);
    }
    expect((await t.request({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('answers 503 on /api/health/ready and /api/health when the database does not answer', async () => {
    const other = await buildTestApp();
    await other.database.close();
    try {
      const ready = await other.request({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error.code).toBe('DATABASE_UNAVAILABLE');
      expect((await other.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    } finally {
      await other.app.close();
      fs.rmSync(other.config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('metrics', () => {
  it('are not served by default', async () => {
    // Without METRICS_TOKEN or METRICS_PORT, /metrics is no route of the API (the web app's 404 page, if built).
    const res = await t.request({ method: 'GET', url: '/metrics' });
    expect(res.body).not.toContain('# HELP');
    expect(res.headers['content-type']).not.toMatch(/^text\/plain/);
  });

  it('are served at /metrics behind METRICS_TOKEN: requests and latency per route, jobs, outbox backlog', async () => {
    const token = 'metrics-token-0123456789';
    const m = await buildTestApp({ env: { METRICS_TOKEN: token } });
    try {
      await m.request({ method: 'GET', url: '/api/health' });
      await m.request({ method: 'GET', url: '/api/boxes/00000000-0000-4000-a000-000000000000' });
      expect((await m.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      expect((await m.request({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(401);
      m.app.metrics.jobRun('outbox', 'failed');
      const res = await m.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toMatch(/farha_http_requests_total\{method="GET",route="\/api\/health",status="200"\} 1/);
      // The route template, never the raw URL (label values stay bounded).
      expect(res.body).toMatch(/farha_http_requests_total\{method="GET",route="\/api\/boxes\/:id",status="404"\} 1/);
      expect(res.body).toContain('farha_http_request_duration_seconds_bucket');
      expect(res.body).toMatch(/farha_job_runs_total\{job="outbox",outcome="failed"\} 1/);
      expect(res.body).toMatch(/farha_outbox_backlog \d+/);
      expect(res.body).toContain('farha_process_resident_memory_bytes');
    } finally {
      await m.close();
    }
  });

  it('are served on METRICS_PORT by a listener of their own', async () => {
    const port = await freePort();
    const server = await startMetricsServer(t.app.metrics, port, '127.0.0.1');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('farha_http_requests_total');
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
