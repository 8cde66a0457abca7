import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { PASSWORD_RESET_TTL_MINUTES } from '@farha/contracts/account';
import type { Db } from '../../db/client.ts';
import { authTokens, users } from '../../db/schema/index.ts';
import { HOUR_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { deleteUserSessions } from './sessions.ts';
import { enqueueEmail, passwordChangedEmail, passwordResetEmail, wakeOutbox } from '../notifications/index.ts';
import { assertPasswordLength } from '../settings/index.ts';

const PURPOSE = 'password_reset';
/** A staff-made account's first password (account-creation.ts): the same page and rules, a longer link. */
export const INVITE_PURPOSE = 'account_invite';
const SETS_A_PASSWORD = [PURPOSE, INVITE_PURPOSE];
/** At most this many links per account and hour, whoever asks (the route also limits per address). */
export const MAX_RESET_LINKS_PER_HOUR = 3;

type Deps = { db: Db; publicUrl: string; now: Date };

/**
 * Mails a single-use link valid 1 hour. Says nothing about whether the address has an account (the
 * caller always answers 202); only the token's SHA-256 is stored.
 */
export async function requestPasswordReset(deps: Deps, email: string): Promise<'sent' | 'limited' | 'refused'> {
  const { db, now } = deps;
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user || user.status === 'suspended') return 'refused';
  const [recent] = await db
    .select({ n: count() })
    .from(authTokens)
    .where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, PURPOSE), gt(authTokens.createdAt, new Date(now.getTime() - HOUR_MS))));
  if ((recent?.n ?? 0) >= MAX_RESET_LINKS_PER_HOUR) return 'limited';

  const token = newToken();
  await db.transaction(async (tx) => {
    await tx.insert(authTokens).values({
      purpose: PURPOSE,
      tokenHash: sha256(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
      createdAt: now,
    });
    await enqueueEmail(tx, {
      now,
      to: user.email,
      template: 'password-reset',
      locale: user.locale,
      ...passwordResetEmail({ locale: user.locale, name: user.firstName, link: `${deps.publicUrl}/auth/reset?token=${encodeURIComponent(token)}` }),
    });
  });
  wakeOutbox();
  return 'sent';
}

/** Why a token cannot be used, in the words the page shows; null when it can. */
export async function resetTokenProblem(db: Db, token: string, now: Date): Promise<'RESET_TOKEN_INVALID' | 'RESET_TOKEN_EXPIRED' | null> {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, sha256(token)), inArray(authTokens.purpose, SETS_A_PASSWORD)))
    .limit(1);
  if (!row || row.usedAt) return 'RESET_TOKEN_INVALID';
  if (row.expiresAt.getTime() <= now.getTime()) return 'RESET_TOKEN_EXPIRED';
  return null;
}

/** Sets the new password with a valid token (used once), and closes every session of the account. */
export async function resetPassword(deps: Deps, token: string, password: string): Promise<void> {
  const { db, now } = deps;
  await assertPasswordLength(db, password);
  const passwordHash = await hashPassword(password);
  const user = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(authTokens.tokenHash, sha256(token)),
          inArray(authTokens.purpose, SETS_A_PASSWORD),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, now),
        ),
      )
      .returning();
    if (!used) return null;
    // An invited account (pending) becomes active with its first password.
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now, status: sql`case when ${users.status} = 'pending' then 'active' else ${users.status} end` })
      .where(eq(users.id, used.userId))
      .returning();
    // Other links sent before are void now.
    await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.userId, used.userId), inArray(authTokens.purpose, SETS_A_PASSWORD), isNull(authTokens.usedAt)));
    await deleteUserSessions(tx as unknown as Db, used.userId);
    await enqueueEmail(tx, {
      now,
      to: updated!.email,
      template: 'password-changed',
      locale: updated!.locale,
      ...passwordChangedEmail({ locale: updated!.locale, name: updated!.firstName, supportUrl: `${deps.publicUrl}/support` }),
    });
    return updated!;
  });
  if (!user) {
    throw new AppError((await resetTokenProblem(db, token, now)) ?? 'RESET_TOKEN_INVALID', { field: 'token' });
  }
  wakeOutbox();
}
