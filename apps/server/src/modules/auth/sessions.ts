import { and, eq, gt, lt } from 'drizzle-orm';
import { REMEMBER_ME_DAYS, SESSION_HOURS, type TRole } from '@farha/contracts/roles';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
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

export type SessionUser = typeof users.$inferSelect;

export async function findSession(
  db: Db,
  token: string,
  now: Date,
): Promise<{ user: SessionUser; sessionId: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({ user: users, sessionId: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row || row.user.status === 'suspended') return null;
  return row;
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
