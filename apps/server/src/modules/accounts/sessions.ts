import { eq, inArray, lt } from 'drizzle-orm';
import { REMEMBER_ME_DAYS, SESSION_HOURS, type TRole } from '@farha/contracts/roles';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { batchedLookup } from '../../lib/batch.ts';
import { DAY_MS, HOUR_MS } from '../../lib/clock.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';

export const SESSION_COOKIE = 'farha_session';

/** spec 01 §6: lifetime by role; "Se souvenir de moi" gives a customer 30 days. */
export function sessionLifetimeMs(role: TRole, remember: boolean): number {
  if (remember && role === 'customer') return REMEMBER_ME_DAYS * DAY_MS;
  return SESSION_HOURS[role] * HOUR_MS;
}

export async function createSession(
  db: Db,
  user: { id: string; role: TRole },
  options: { remember: boolean; now: Date; userAgent?: string | undefined; ip?: string | undefined },
): Promise<{ token: string; expiresAt: Date }> {
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
  return { token, expiresAt };
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
        user: { id: users.id, role: users.role, email: users.email, firstName: users.firstName, status: users.status },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(inArray(sessions.tokenHash, hashes)),
  (row) => row.tokenHash,
  { maxBatch: 200 },
);

export async function findSession(
  db: Db,
  token: string,
  now: Date,
): Promise<{ user: SessionUser; sessionId: string; expiresAt: Date } | null> {
  const row = await sessionByHash(db, sha256(token));
  if (!row || row.expiresAt.getTime() <= now.getTime() || row.user.status === 'suspended') return null;
  return { user: row.user, sessionId: row.sessionId, expiresAt: row.expiresAt };
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
