import { and, asc, eq, gt, inArray, like, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Failed-login throttle. Wrong passwords, and wrong or spent second-factor codes given with the right password,
 * are counted within a window for three keys, and an attempt is refused while any of them is over its limit:
 * - one address and one e-mail: MAX_FAILURES (the ordinary typo budget);
 * - one account from any address: MAX_ACCOUNT_FAILURES (guessing one password, or one account's codes, from
 *   many addresses);
 * - one address for any account: MAX_ADDRESS_FAILURES (one client trying many accounts).
 * Each try is counted before its password is checked and given back unless it was a wrong password or code, so
 * that tries made at the same moment cannot all pass the last place under a limit. Successful logins
 * clear the address-and-e-mail count. The counters live in the database
 * (table login_failures), so that every instance behind a proxy shares them: two instances do not double
 * the tries. The per-address request limiter (@fastify/rate-limit) stays per process on top of this.
 */
export const MAX_FAILURES = 10;
export const MAX_ACCOUNT_FAILURES = 30;
export const MAX_ADDRESS_FAILURES = 50;
export const WINDOW_MS = 15 * 60_000;
/** The registrations' window (REGISTRATION_LIMIT_PER_HOUR). */
export const REGISTRATION_WINDOW_MS = 60 * 60_000;
/** Expired counters are deleted every this many recorded failures (per process). */
const PURGE_EVERY = 100;

const account = (email: string) => email.trim().toLowerCase();
const pairKey = (ip: string, email: string) => `pair|${ip}|${account(email)}`;
/**
 * The three counters of a try, in the order of their keys. Every statement locks them in that order (the
 * insert in its values' order, the give-back through an ordered `for update`), so that a try being counted
 * and another being given back never wait on each other in opposite orders: on PostgreSQL that deadlocked
 * and answered 500 to a burst of tries.
 */
function keys(ip: string, email: string): [string, number][] {
  return [
    [`account|${account(email)}`, MAX_ACCOUNT_FAILURES],
    [`address|${ip}`, MAX_ADDRESS_FAILURES],
    [pairKey(ip, email), MAX_FAILURES],
  ];
}

/** An e-mail inside a LIKE pattern: its own % and _ match only themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

declare module 'fastify' {
  interface FastifyInstance {
    /** One per app: the login route counts failures in it, support lifts an account's lock (issue 14). */
    loginThrottle: LoginThrottle;
  }
}

export function createLoginThrottle(db: Queryable) {
  let taken = 0;
  const giveBack = (counted: string[]) => {
    const locked = db.select({ key: loginFailures.key }).from(loginFailures).where(inArray(loginFailures.key, counted)).orderBy(asc(loginFailures.key)).for('update');
    return db
      .update(loginFailures)
      .set({ count: sql`greatest(${loginFailures.count} - 1, 0)` })
      .where(inArray(loginFailures.key, locked));
  };
  return {
    /**
     * Takes one try on each key before the password is checked, in one statement: simultaneous tries are
     * counted one after the other, so that a burst cannot have several tries pass the last place under a
     * limit. Refused (and the try given back) when a key is over its limit.
     */
    async take(ip: string, email: string, now: Date): Promise<void> {
      const limits = keys(ip, email);
      const resetAt = new Date(now.getTime() + WINDOW_MS);
      const expired = sql`${loginFailures.resetAt} <= ${now.toISOString()}::timestamptz`;
      const counted = await db
        .insert(loginFailures)
        .values(limits.map(([key]) => ({ key, count: 1, resetAt })))
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            count: sql`case when ${expired} then 1 else ${loginFailures.count} + 1 end`,
            resetAt: sql`case when ${expired} then excluded.reset_at else ${loginFailures.resetAt} end`,
          },
        })
        .returning({ key: loginFailures.key, count: loginFailures.count });
      const max = new Map(limits);
      if (counted.some((row) => row.count > (max.get(row.key) ?? Infinity))) {
        await giveBack(limits.map(([key]) => key));
        throw new AppError('RATE_LIMITED');
      }
      if (++taken % PURGE_EVERY === 0) {
        // Expired counters a try is not using right now (skip locked: the purge never waits on, nor blocks, a try).
        const expiredRows = db.select({ key: loginFailures.key }).from(loginFailures).where(lte(loginFailures.resetAt, now)).for('update', { skipLocked: true });
        await db.delete(loginFailures).where(inArray(loginFailures.key, expiredRows));
      }
    },
    /** The try was no wrong password nor code (a second factor is asked, or the account cannot log in): given back. */
    async giveBack(ip: string, email: string): Promise<void> {
      await giveBack(keys(ip, email).map(([key]) => key));
    },
    /** A successful login: its try is given back, and the address-and-e-mail count starts again. */
    async succeeded(ip: string, email: string): Promise<void> {
      const pair = pairKey(ip, email);
      await db.delete(loginFailures).where(eq(loginFailures.key, pair));
      await giveBack(keys(ip, email).map(([key]) => key).filter((key) => key !== pair));
    },
    /** Whether some window refuses this account's logins now (from one address or from all). */
    async isLocked(email: string, now: Date): Promise<boolean> {
      const who = account(email);
      const rows = await db
        .select({ key: loginFailures.key, count: loginFailures.count })
        .from(loginFailures)
        .where(and(or(eq(loginFailures.key, `account|${who}`), like(loginFailures.key, `pair|%|${escapeLike(who)}`)), gt(loginFailures.resetAt, now)));
      return rows.some((row) => row.count >= (row.key.startsWith('account|') ? MAX_ACCOUNT_FAILURES : MAX_FAILURES));
    },
    /**
     * Issue 32: one counter of new accounts per address and hour (REGISTRATION_LIMIT_PER_HOUR), shared by the
     * customers' registration and the companies' (a spent customer limit is spent for companies too), kept
     * here beside the login counts so that every instance shares it. Counted in one statement, as `take`.
     */
    async takeRegistration(ip: string, now: Date, max: number): Promise<void> {
      const resetAt = new Date(now.getTime() + REGISTRATION_WINDOW_MS);
      const expired = sql`${loginFailures.resetAt} <= ${now.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(loginFailures)
        .values({ key: `register|${ip}`, count: 1, resetAt })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            count: sql`case when ${expired} then 1 else ${loginFailures.count} + 1 end`,
            resetAt: sql`case when ${expired} then excluded.reset_at else ${loginFailures.resetAt} end`,
          },
        })
        .returning({ count: loginFailures.count });
      if (row!.count > max) throw new AppError('REGISTRATION_LIMITED');
    },
    /** Support lifts the lock: the account's counts are forgotten (an address's own count stays). */
    async clearAccount(email: string): Promise<void> {
      const who = account(email);
      await db.delete(loginFailures).where(or(eq(loginFailures.key, `account|${who}`), like(loginFailures.key, `pair|%|${escapeLike(who)}`)));
    },
  };
}
