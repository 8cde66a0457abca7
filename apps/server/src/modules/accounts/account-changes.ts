import { and, eq, isNull } from 'drizzle-orm';
import type { TRole } from '@farha/contracts/roles';
import type { Queryable } from '../../db/client.ts';
import { authTokens, sessions, users } from '../../db/schema/index.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';

/**
 * The changes other domains make to accounts (issue 22: accounts is the only writer of users, sessions and
 * auth_tokens). Each takes the caller's transaction, so that a partner's registration or a member's
 * invitation is one change with its account.
 */

type User = typeof users.$inferSelect;

/** Spec 02 §2: the partner-staff invitation link, one valid at a time. */
const PARTNER_INVITE = 'partner_invite';

/** A password hash no password matches (argon2 cannot parse it): the invitee chooses theirs. */
export const unusablePassword = () => `!invited:${newToken()}`;

/**
 * A new account; without a password hash it is pending, with one no password matches (the invitee sets it).
 * Null when the address already has an account.
 */
export async function openAccount(
  tx: Queryable,
  input: { email: string; passwordHash?: string; firstName: string; lastName: string; phone?: string | null; role: TRole; now: Date },
): Promise<User | null> {
  const [created] = await tx
    .insert(users)
    .values({
      email: input.email,
      passwordHash: input.passwordHash ?? unusablePassword(),
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone ?? null,
      role: input.role,
      status: input.passwordHash ? 'active' : 'pending',
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return created ?? null;
}

/** A former account invited again: pending, its password unusable until the invitee sets one. */
export async function reopenForInvitation(
  tx: Queryable,
  userId: string,
  input: { firstName?: string | undefined; lastName?: string | undefined; phone?: string | null | undefined; now: Date },
) {
  await tx
    .update(users)
    .set({
      status: 'pending',
      passwordHash: unusablePassword(),
      ...(input.firstName ? { firstName: input.firstName } : {}),
      ...(input.lastName ? { lastName: input.lastName } : {}),
      ...(input.phone ? { phone: input.phone } : {}),
      updatedAt: input.now,
    })
    .where(eq(users.id, userId));
}

/** The partner invitation's single-use link (only its SHA-256 is kept); earlier links of the user stop working. */
export async function issuePartnerInvitation(tx: Queryable, userId: string, input: { token: string; expiresAt: Date; now: Date }) {
  await voidPartnerInvitations(tx, userId, input.now);
  await tx.insert(authTokens).values({ purpose: PARTNER_INVITE, tokenHash: sha256(input.token), userId, expiresAt: input.expiresAt, createdAt: input.now });
}

async function voidPartnerInvitations(tx: Queryable, userId: string, now: Date) {
  await tx
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, PARTNER_INVITE), isNull(authTokens.usedAt)));
}

/** The invitee sets a password and names: the link is spent (false if it was already) and the account active. */
export async function acceptPartnerInvitation(
  tx: Queryable,
  input: { tokenId: string; userId: string; passwordHash: string; firstName: string; lastName: string; now: Date },
): Promise<User | null> {
  const spent = await tx
    .update(authTokens)
    .set({ usedAt: input.now })
    .where(and(eq(authTokens.id, input.tokenId), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  if (spent.length === 0) return null;
  const [user] = await tx
    .update(users)
    .set({ passwordHash: input.passwordHash, firstName: input.firstName, lastName: input.lastName, status: 'active', updatedAt: input.now })
    .where(eq(users.id, input.userId))
    .returning();
  return user ?? null;
}

/** A removed staff member: the account is suspended, its invitation links void and its sessions end now. */
export async function closeStaffAccount(tx: Queryable, userId: string, now: Date) {
  await tx.update(users).set({ status: 'suspended', updatedAt: now }).where(eq(users.id, userId));
  await voidPartnerInvitations(tx, userId, now);
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/** Names, phone and (when given) the login e-mail; a unique violation means the e-mail has another account. */
export async function updatePersonalDetails(
  db: Queryable,
  userId: string,
  input: { firstName: string; lastName: string; phone: string | null; email?: string },
  now: Date,
) {
  await db.update(users).set({ ...input, updatedAt: now }).where(eq(users.id, userId));
}

/** The account's failed-login count back to 0 (the throttle's own counters are cleared by the caller). */
export async function clearFailedLogins(db: Queryable, userId: string) {
  await db.update(users).set({ failedLogins: 0 }).where(eq(users.id, userId));
}
