import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { vouchers } from '../../src/db/schema/index.ts';
import { buildTestApp, openTestDatabase, type TestApp } from '../helpers.ts';
import { giveVoucher, newNonce, OWNER } from '../partner-fixtures.ts';
import { testClock } from '../clock.ts';

/**
 * Issue 39's 30-minute soak: a scan whose redemption lost the database (its restart) was answered 500
 * « Erreur système lors de la validation », every other request of that moment 503 « Base de données
 * indisponible » with Retry-After. A scan now answers as they do, and records nothing.
 */
const clock = testClock();
let t: TestApp;
let lost = false;

beforeAll(async () => {
  const database = await openTestDatabase();
  // The database, whose transactions fail as on a lost connection once `lost` is set (the scan's session is read before).
  const db = new Proxy(database.db, {
    get(target, key) {
      if (key === 'transaction' && lost) return () => Promise.reject(new Error('Connection terminated unexpectedly'));
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as Db;
  t = await buildTestApp({ clock, database: { ...database, db } });
});
afterAll(async () => {
  lost = false;
  await t.close();
});

describe('a scan while the database is lost', () => {
  it('answers 503 « Base de données indisponible » with Retry-After, and the voucher stays redeemable', async () => {
    const owner = await t.login(OWNER);
    const voucher = await giveVoucher(t.database.db, { now: clock.now() });
    lost = true;
    const answer = await t.request({ method: 'POST', url: '/api/partner/redemptions', cookie: owner, payload: { nonce: newNonce(), code: voucher.code } });
    lost = false;
    expect(answer.statusCode, answer.body).toBe(503);
    expect(answer.json().error).toEqual({ code: 'DATABASE_UNAVAILABLE', message: 'Base de données indisponible' });
    expect(answer.headers['retry-after']).toBe('5');
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row!.status).toBe('DELIVERED');

    // Once it is back, the same scan redeems it.
    const again = await t.request({ method: 'POST', url: '/api/partner/redemptions', cookie: owner, payload: { nonce: newNonce(), code: voucher.code } });
    expect(again.statusCode, again.body).toBe(200);
  });
});
