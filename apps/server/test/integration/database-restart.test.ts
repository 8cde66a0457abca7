import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, sandboxCheckouts, vouchers } from '../../src/db/schema/index.ts';
import { openDatabase } from '../../src/db/client.ts';
import { seedDatabase } from '../../src/db/seed/seed.ts';
import { reconcilePendingPayments, signWebhook } from '../../src/modules/payments/index.ts';
import { buildTestApp, memoryMailer, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { anActiveBox, giftOrder } from '../customer-fixtures.ts';
import { postgresBinaries, throwawayPostgres, type ThrowawayPostgres } from '../throwaway-postgres.ts';

/**
 * Issue 39: PostgreSQL restarts under a running instance (docs/decisions/020-scale-out.md). While it is down,
 * readiness answers 503, so does a page that needs the database (not 500), and a payment webhook gets a 5xx (the gateway retries); once it is back, readiness
 * answers 200 within 10 s without restarting the process, the pool reconnects by itself, the jobs claim
 * their rows again and the reconciliation catches the payment whose webhook was refused.
 * On a PostgreSQL cluster of the test's own (test/throwaway-postgres.ts), never the machine's shared one.
 */
const binaries = postgresBinaries();
if ('missing' in binaries) console.log(`SKIPPED: the database restart tests — ${binaries.missing}`);

const clock = testClock();
const mailer = memoryMailer();
let cluster: ThrowawayPostgres | undefined;
let t: TestApp;

beforeAll(async () => {
  if ('missing' in binaries) return;
  cluster = await throwawayPostgres(binaries.bin);
  const database = await openDatabase({ databaseUrl: cluster.url });
  await seedDatabase(database.db, { demo: true });
  t = await buildTestApp({ clock, mailer, listen: true, database: { ...database, url: cluster.url }, env: { JOBS: 'true' } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await cluster?.remove();
});

const ready = async () => (await t.request({ method: 'GET', url: '/api/health/ready' })).statusCode;

async function until(what: string, check: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

describe.skipIf('missing' in binaries)('PostgreSQL restarted under a running instance', () => {
  it('answers 503 while it is down and a webhook 5xx; once back: ready within 10 s, jobs claiming, the missed payment reconciled', async () => {
    expect(await ready()).toBe(200);
    const customer = await t.login('client@demo.farha.dz');
    const box = await anActiveBox(t.database.db);
    const created = await t.request({ method: 'POST', url: '/api/orders', cookie: customer, payload: giftOrder(box.id) });
    expect(created.statusCode, created.body).toBe(201);
    const { orderId, checkoutUrl } = created.json() as { orderId: string; checkoutUrl: string };
    const checkoutId = checkoutUrl.split('/').pop()!;
    // The gateway took the payment; its webhook will arrive while the database is down.
    await t.database.db.update(sandboxCheckouts).set({ status: 'paid' }).where(eq(sandboxCheckouts.id, checkoutId));
    const raw = JSON.stringify({ id: `evt_${checkoutId}`, entity: 'event', type: 'checkout.paid', data: { id: checkoutId, status: 'paid', amount: box.price, currency: 'dzd' } });
    const signature = signWebhook(raw, await t.app.payments.sandbox.webhookSecret());
    const webhook = () => t.request({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: raw, headers: { 'content-type': 'application/json', signature } });

    await cluster!.stop();
    expect(await ready()).toBe(503);
    const refused = await webhook();
    expect(refused.statusCode, 'a 2xx would tell the gateway to stop retrying').toBeGreaterThanOrEqual(500);
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    // A page that needs the database says it is unavailable and when to come back, not an internal error.
    const page = await t.request({ method: 'GET', url: '/api/client/vouchers', cookie: customer });
    expect(page.statusCode, page.body).toBe(503);
    expect(page.json().error).toEqual({ code: 'DATABASE_UNAVAILABLE', message: 'Base de données indisponible' });
    expect(page.headers['retry-after']).toBe('5');

    await cluster!.start();
    const back = await until('readiness 200 after the database returned', async () => (await ready()) === 200, 10_000);
    expect(back).toBeLessThan(10_000);

    // The reconciliation finds the payment the refused webhook announced (the job's run, after its 5 minutes).
    clock.advance(6 * 60_000);
    await reconcilePendingPayments({ db: t.database.db, providers: t.app.payments, clock, publicUrl: t.config.publicUrl, log: t.app.log });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('paid');
    // The gateway's retry, now answered, changes nothing: one voucher.
    expect((await webhook()).statusCode).toBe(200);
    const issued = await t.database.db.select().from(vouchers).where(eq(vouchers.orderId, orderId));
    expect(issued).toHaveLength(1);
    // The outbox job, which failed every 2 s while the database was down, claims and sends the voucher's e-mail.
    await until('the outbox job to send the gift', async () => mailer.sent.some((m) => m.to === 'nadia.benali@example.dz' && m.html.includes(issued[0]!.code)), 20_000);
  }, 90_000);
});

describe.skipIf('missing' in binaries)('PostgreSQL that stops answering (a failover in progress)', () => {
  it('readiness answers 503 within 5 s instead of waiting for it, and 200 again once it answers', async () => {
    expect(await ready()).toBe(200);
    cluster!.freeze();
    try {
      const started = Date.now();
      const answer = await Promise.race([ready(), new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 5_000))]);
      expect(answer).toBe(503);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      cluster!.thaw();
    }
    await until('readiness 200 once the database answers again', async () => (await ready()) === 200, 10_000);
  }, 60_000);
});
