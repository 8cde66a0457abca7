import { eq, inArray, lt } from 'drizzle-orm';
import { REMEMBER_ME_DAYS, SESSION_HOURS, type TRole } from '@farha/contracts/roles';
import type { Db, Queryable } from '../../db/client.ts';
import { cachedSettings } from '../settings/index.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { batchedLookup } from '../../lib/batch.ts';
import { DAY_MS, HOUR_MS } from '../../lib/clock.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';

export const SESSION_COOKIE = 'farha_session';

/** docs/product/accounts-and-roles.md §7: lifetime by role; "Se souvenir de moi" gives a customer 30 days. */
export function sessionLifetimeMs(role: TRole, remember: boolean): number {
  if (remember && role === 'customer') return REMEMBER_ME_DAYS * DAY_MS;
  return SESSION_HOURS[role] * HOUR_MS;
}

export async function createSession(
  db: Db,
  user: { id: string; role: TRole },
  options: { remember: boolean; now: Date; userAgent?: string | undefined; ip?: string | undefined },
): Promise<{ token: string; expiresAt: Date; endsAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(options.now.getTime() + sessionLifetimeMs(user.role, options.remember));
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId: user.id,
    expiresAt,
    remember: options.remember ? 'yes' : 'no',
    userAgent: options.userAgent?.slice(0, 300),
    ip: options.ip,
    createdAt: options.now,
    lastSeenAt: options.now,
  });
  // What the browser is told: the sooner of the lifetime and the idle timeout (its timer checks again then).
  const idleMs = await idleTimeoutMs(db);
  const endsAt = sessionEnd({ expiresAt, lastSeenAt: options.now, remember: options.remember ? 'yes' : 'no' }, idleMs);
  // The cookie lives as long as the session may (activity keeps it going); `endsAt` is for the browser's timer.
  return { token, expiresAt, endsAt };
}

/** What a request needs to know of its signed-in user. */
export type SessionUser = Pick<typeof users.$inferSelect, 'id' | 'role' | 'email' | 'firstName' | 'status'>;

// Every API request with a cookie asks: requests that arrive together share one query.
const sessionByHash = batchedLookup(
  (db: Db, hashes: string[]) =>
    db
      .select({
        tokenHash: sessions.tokenHash,
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        remember: sessions.remember,
        user: { id: users.id, role: users.role, email: users.email, firstName: users.firstName, status: users.status },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(inArray(sessions.tokenHash, hashes)),
  (row) => row.tokenHash,
  { maxBatch: 200 },
);

/** lastSeenAt is written at most this often per session (one UPDATE a minute, not one per request). */
export const LAST_SEEN_EVERY_MS = 60_000;

/**
 * When a session ends: its lifetime, or sooner when left idle for the setting `platform.session_timeout`
 * (docs/product/accounts-and-roles.md §7). "Se souvenir de moi" sessions are exempt from the idle rule: keeping the customer signed in
 * for 30 days is what they asked for.
 */
export function sessionEnd(session: { expiresAt: Date; lastSeenAt: Date; remember: string }, idleMs: number): Date {
  if (session.remember === 'yes') return session.expiresAt;
  return new Date(Math.min(session.expiresAt.getTime(), session.lastSeenAt.getTime() + idleMs));
}

export async function idleTimeoutMs(db: Queryable): Promise<number> {
  return (await cachedSettings(db, 'platform')).session_timeout;
}

/**
 * The signed-in user of a token, or null when the session is unknown, over, idle too long (it is then
 * deleted) or its account suspended. Marks the session seen (at most once a minute).
 */
export async function findSession(
  db: Db,
  token: string,
  now: Date,
): Promise<{ user: SessionUser; sessionId: string; expiresAt: Date } | null> {
  const row = await sessionByHash(db, sha256(token));
  if (!row || row.expiresAt.getTime() <= now.getTime() || row.user.status === 'suspended') return null;
  const idleMs = await idleTimeoutMs(db);
  if (sessionEnd(row, idleMs).getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, row.sessionId));
    return null;
  }
  let lastSeenAt = row.lastSeenAt;
  if (now.getTime() - lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
    lastSeenAt = now;
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return { user: row.user, sessionId: row.sessionId, expiresAt: sessionEnd({ ...row, lastSeenAt }, idleMs) };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
