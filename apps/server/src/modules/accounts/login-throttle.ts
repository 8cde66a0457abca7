import { and, eq, gt, inArray, like, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Failed-login throttle. Wrong passwords are counted within a window for three keys, and an attempt is
 * refused while any of them is over its limit:
 * - one address and one e-mail: MAX_FAILURES (the ordinary typo budget);
 * - one account from any address: MAX_ACCOUNT_FAILURES (guessing one password from many addresses);
 * - one address for any account: MAX_ADDRESS_FAILURES (one client trying many accounts).
 * Successful logins do not count and clear the address-and-e-mail count. The counters live in the database
 * (table login_failures), so that every instance behind a proxy shares them: two instances do not double
 * the tries. The per-address request limiter (@fastify/rate-limit) stays per process on top of this.
 */
export const MAX_FAILURES = 10;
export const MAX_ACCOUNT_FAILURES = 30;
export const MAX_ADDRESS_FAILURES = 50;
export const WINDOW_MS = 15 * 60_000;
/** Expired counters are deleted every this many recorded failures (per process). */
const PURGE_EVERY = 100;

const account = (email: string) => email.trim().toLowerCase();
function keys(ip: string, email: string): [string, number][] {
  return [
    [`pair|${ip}|${account(email)}`, MAX_FAILURES],
    [`account|${account(email)}`, MAX_ACCOUNT_FAILURES],
    [`address|${ip}`, MAX_ADDRESS_FAILURES],
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
  let recorded = 0;
  return {
    async assertAllowed(ip: string, email: string, now: Date): Promise<void> {
      const limits = new Map(keys(ip, email));
      const rows = await db
        .select({ key: loginFailures.key, count: loginFailures.count })
        .from(loginFailures)
        .where(and(inArray(loginFailures.key, [...limits.keys()]), gt(loginFailures.resetAt, now)));
      if (rows.some((row) => row.count >= (limits.get(row.key) ?? Infinity))) throw new AppError('RATE_LIMITED');
    },
    /** One more failure on each key, atomically (two instances counting at once both count). */
    async recordFailure(ip: string, email: string, now: Date): Promise<void> {
      const resetAt = new Date(now.getTime() + WINDOW_MS);
      const expired = sql`${loginFailures.resetAt} <= ${now.toISOString()}::timestamptz`;
      await db
        .insert(loginFailures)
        .values(keys(ip, email).map(([key]) => ({ key, count: 1, resetAt })))
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            count: sql`case when ${expired} then 1 else ${loginFailures.count} + 1 end`,
            resetAt: sql`case when ${expired} then excluded.reset_at else ${loginFailures.resetAt} end`,
          },
        });
      if (++recorded % PURGE_EVERY === 0) await db.delete(loginFailures).where(lte(loginFailures.resetAt, now));
    },
    async reset(ip: string, email: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.key, keys(ip, email)[0]![0]));
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
    /** Support lifts the lock: the account's counts are forgotten (an address's own count stays). */
    async clearAccount(email: string): Promise<void> {
      const who = account(email);
      await db.delete(loginFailures).where(or(eq(loginFailures.key, `account|${who}`), like(loginFailures.key, `pair|%|${escapeLike(who)}`)));
    },
  };
}
