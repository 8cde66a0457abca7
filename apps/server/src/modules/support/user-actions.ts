import { and, eq } from 'drizzle-orm';
import type { TSupportExtendVoucherRequest } from '@farha/contracts/support';
import type { Db } from '../../db/client.ts';
import { users, vouchers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { clearFailedLogins, type LoginThrottle, requestPasswordReset } from '../accounts/index.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import { wakeOutbox } from '../notifications/index.ts';
import { applyExtension, loadVoucherDocument, lockVoucher, ownedVoucherCondition, resendVoucherEmail } from '../vouchers/index.ts';

/**
 * The agents' actions from a user's diagnostics (issue 14). Each one is audited on the account
 * (entity `user`, action `support.*`, before and after), which is how it appears in the account's
 * recent activity.
 */
export type UserActionDeps = { db: Db; now: Date; publicUrl: string; actor: AuditActor; throttle: LoginThrottle };

async function account(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user;
}

/** One of the account's vouchers (bought, held or addressed to it); 404 for any other. */
async function accountVoucherId(db: Db, user: typeof users.$inferSelect, voucherId: string): Promise<string> {
  const [row] = await db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(and(eq(vouchers.id, voucherId), ownedVoucherCondition({ userId: user.id, email: user.email })))
    .limit(1);
  if (!row) throw new AppError('VOUCHER_NOT_FOUND');
  return row.id;
}

/** `summary` is the French fallback (the code or e-mail the action was about), also the params' `subject`. */
const audit = (deps: UserActionDeps, userId: string, action: string, summary: string, before: unknown, after: unknown) =>
  recordAudit(deps.db, { actor: deps.actor, action, entityType: 'user', entityId: userId, summary, params: { subject: summary }, before, after, now: deps.now });

/** The voucher's e-mail again to its recipient (the owner's own "resend" rules). */
export async function supportResendVoucher(deps: UserActionDeps, userId: string, voucherId: string): Promise<void> {
  const user = await account(deps.db, userId);
  const doc = await loadVoucherDocument(deps.db, await accountVoucherId(deps.db, user, voucherId));
  if (!doc) throw new AppError('VOUCHER_NOT_FOUND');
  await resendVoucherEmail(deps.db, doc, deps);
  await audit(deps, userId, 'support.voucher_resend', doc.voucher.code, null, { voucherId, code: doc.voucher.code, to: doc.voucher.recipientEmail });
}

/** A password-reset link to the account's address (the reset's own limits: 3 an hour, none when suspended). */
export async function supportPasswordReset(deps: UserActionDeps, userId: string): Promise<void> {
  const user = await account(deps.db, userId);
  if (user.status === 'suspended') throw new AppError('SUPPORT_RESET_SUSPENDED');
  const outcome = await requestPasswordReset(deps, user.email);
  if (outcome === 'limited') throw new AppError('SUPPORT_RESET_LIMIT');
  if (outcome !== 'sent') throw new AppError('SUPPORT_RESET_SUSPENDED');
  await audit(deps, userId, 'support.password_reset', user.email, null, { to: user.email });
}

/** Wrong passwords forgotten: the throttle lets the account in again and its failed-login count is 0. */
export async function supportLiftLoginLock(deps: UserActionDeps, userId: string): Promise<void> {
  const user = await account(deps.db, userId);
  const locked = await deps.throttle.isLocked(user.email, deps.now);
  if (!locked && user.failedLogins === 0) throw new AppError('LOGIN_NOT_LOCKED');
  await deps.throttle.clearAccount(user.email);
  await clearFailedLogins(deps.db, userId);
  await audit(deps, userId, 'support.login_unlock', user.email, { failedLogins: user.failedLogins, locked }, { failedLogins: 0, locked: false });
}

/**
 * The voucher's expiry moved by `days` through the state machine (→ EXTENDED), as a dispute's extension
 * does; the account is e-mailed the new date.
 */
export async function supportExtendVoucher(deps: UserActionDeps, userId: string, voucherId: string, input: TSupportExtendVoucherRequest): Promise<Date> {
  const user = await account(deps.db, userId);
  const id = await accountVoucherId(deps.db, user, voucherId);
  const expiresAt = await deps.db.transaction(async (tx) => {
    const voucher = (await lockVoucher(tx, id))!;
    const extended = await applyExtension(tx, deps, {
      voucher,
      days: input.days,
      actorUserId: deps.actor.userId,
      reason: `Prolongation de ${input.days} jours par le support : ${input.reason}`,
      notify: { email: user.email, name: user.firstName },
      amountPaid: null,
      byAgent: true,
    }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'TRANSITION_REFUSED') return null;
      throw error;
    });
    if (!extended) throw new AppError('SUPPORT_EXTENSION_IMPOSSIBLE');
    await recordAudit(tx, {
      actor: deps.actor,
      action: 'support.voucher_extend',
      entityType: 'user',
      entityId: userId,
      summary: `${voucher.code} +${input.days} j : ${input.reason}`,
      params: { code: voucher.code, days: input.days, reason: input.reason },
      before: { voucherId: voucher.id, code: voucher.code, status: voucher.status, expiresAt: voucher.expiresAt.toISOString() },
      after: { voucherId: voucher.id, code: voucher.code, status: extended.status, expiresAt: extended.expiresAt.toISOString(), days: input.days, reason: input.reason },
      now: deps.now,
    });
    return extended.expiresAt;
  });
  wakeOutbox();
  return expiresAt;
}
