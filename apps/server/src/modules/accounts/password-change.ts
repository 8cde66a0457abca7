import { and, eq, ne } from 'drizzle-orm';
import type { TChangePasswordRequest } from '@farha/contracts/account';
import { isPartnerRole, type TRole } from '@farha/contracts/roles';
import { WEB_PATHS } from '@farha/contracts/web-paths';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { sha256 } from '../../lib/tokens.ts';
import { enqueueEmail, passwordChangedEmail, wakeOutbox } from '../notifications/index.ts';
import { assertPasswordLength } from '../settings/index.ts';

/** Where the "password changed" e-mail sends someone who did not make the change: their own area's help. */
function supportPathFor(role: TRole): string {
  if (role === 'customer') return WEB_PATHS.client.support;
  if (isPartnerRole(role)) return WEB_PATHS.partner.support;
  return WEB_PATHS.help;
}

/**
 * The one password change, for every role (docs/product/accounts-and-roles.md §8): the schema has checked that the three
 * fields are there and that the new ones match; then the length of the setting security.password_min_length,
 * then the current password. The other sessions of the account are closed, this one stays, and the account's
 * address is told (the "password changed" e-mail), in the same transaction.
 */
export async function changePassword(
  deps: { db: Db; publicUrl: string; now: Date },
  userId: string,
  currentSessionToken: string | undefined,
  input: Pick<TChangePasswordRequest, 'currentPassword' | 'newPassword'>,
): Promise<void> {
  const { db, now } = deps;
  await assertPasswordLength(db, input.newPassword, 'newPassword');
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('CURRENT_PASSWORD_WRONG', { field: 'currentPassword' });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), currentSessionToken ? ne(sessions.tokenHash, sha256(currentSessionToken)) : undefined));
    await enqueueEmail(tx, {
      now,
      to: user.email,
      template: 'password-changed',
      locale: user.locale,
      ...passwordChangedEmail({ locale: user.locale, name: user.firstName, supportUrl: `${deps.publicUrl}${supportPathFor(user.role)}` }),
    });
  });
  wakeOutbox();
}
