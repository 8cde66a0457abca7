import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { type TTwoFactorSetup, type TTwoFactorState } from '@farha/contracts/admin';
import { ADMIN_ROLES, type TRole } from '@farha/contracts/roles';
import type { Db, Queryable } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { matchTotpStep, newTotpSecret, otpauthUri } from '../../lib/totp.ts';
import { recordAudit } from '../audit/index.ts';
import { cachedSettings } from '../settings/index.ts';
import { qrCodes } from '../../lib/qr-code.ts';

/** The back office's roles (docs/product/accounts-and-roles.md §9): the setting security.require_2fa applies to them. */
export const isBackOfficeRole = (role: TRole) => (ADMIN_ROLES as readonly TRole[]).includes(role);

async function loadUser(db: Queryable, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

/**
 * Checks a code and spends it: the account keeps the time step of the last code it accepted, and a code of
 * that step or an older one is refused (TOTP_REPLAYED), so a code seen over a shoulder or caught on the wire
 * cannot be used again within its validity window. The conditional update makes two simultaneous uses of
 * one code give one success.
 */
export async function consumeTotp(db: Queryable, user: { id: string; totpSecret: string | null }, code: string, now: Date): Promise<void> {
  const step = user.totpSecret ? matchTotpStep(user.totpSecret, code, now) : null;
  if (step === null) throw new AppError('TOTP_INVALID', { field: 'code' });
  const spent = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  if (spent.length === 0) throw new AppError('TOTP_REPLAYED', { field: 'code' });
}

export async function twoFactorRequired(db: Queryable, role: TRole): Promise<boolean> {
  return isBackOfficeRole(role) && (await cachedSettings(db, 'security')).require_2fa;
}

export async function twoFactorState(db: Queryable, userId: string): Promise<TTwoFactorState> {
  const user = await loadUser(db, userId);
  return { enabled: user.totpEnabledAt !== null, required: await twoFactorRequired(db, user.role) };
}

/**
 * Enrolment, step 1: a new secret kept on the account (not yet in force) and its QR code. Asking again
 * replaces it; 2FA already on stays on with its secret until disabled.
 */
export async function startTwoFactorSetup(db: Db, userId: string, now: Date): Promise<TTwoFactorSetup> {
  const user = await loadUser(db, userId);
  if (user.totpEnabledAt) throw new AppError('TOTP_ALREADY_ENABLED');
  const secret = newTotpSecret();
  await db.update(users).set({ totpSecret: secret, totpLastStep: null, updatedAt: now }).where(eq(users.id, userId));
  const uri = otpauthUri(secret, user.email);
  return { secret, otpauthUri: uri, qrDataUrl: await (await qrCodes()).toDataURL(uri, { margin: 1, width: 240 }) };
}

/** Enrolment, step 2: the code the app shows proves it holds the secret; 2FA is on from now. */
export async function enableTwoFactor(db: Db, userId: string, code: string, now: Date, actor: { email: string; role: TRole }) {
  const user = await loadUser(db, userId);
  if (!user.totpSecret || user.totpEnabledAt) throw new AppError('TOTP_NOT_STARTED');
  await db.transaction(async (tx) => {
    await consumeTotp(tx, user, code, now);
    await tx.update(users).set({ totpEnabledAt: now, updatedAt: now }).where(eq(users.id, userId));
    await recordAudit(tx, { actor: { userId, ...actor }, action: 'user.2fa_enable', entityType: 'user', entityId: userId, summary: user.email, params: { email: user.email }, before: { twoFactor: false }, after: { twoFactor: true }, now });
  });
  return twoFactorState(db, userId);
}

/** Turning 2FA off takes a current code, and is refused while the setting requires it for the role. */
export async function disableTwoFactor(db: Db, userId: string, code: string, now: Date, actor: { email: string; role: TRole }) {
  const user = await loadUser(db, userId);
  if (!user.totpSecret || !user.totpEnabledAt) throw new AppError('TOTP_NOT_STARTED');
  if (await twoFactorRequired(db, user.role)) throw new AppError('TOTP_NOT_ALLOWED_OFF');
  await db.transaction(async (tx) => {
    await consumeTotp(tx, user, code, now);
    await tx.update(users).set({ totpEnabledAt: null, totpSecret: null, updatedAt: now }).where(eq(users.id, userId));
    await recordAudit(tx, { actor: { userId, ...actor }, action: 'user.2fa_disable', entityType: 'user', entityId: userId, summary: user.email, params: { email: user.email }, before: { twoFactor: true }, after: { twoFactor: false }, now });
  });
  return twoFactorState(db, userId);
}

/**
 * At login, after the password: an account with 2FA on must also give the current code. Without one the
 * answer is TOTP_REQUIRED (the form then asks for it); a wrong one is TOTP_INVALID, one already used
 * TOTP_REPLAYED (see consumeTotp).
 */
export async function assertSecondFactor(
  db: Queryable,
  user: { id: string; totpSecret: string | null; totpEnabledAt: Date | null },
  code: string | undefined,
  now: Date,
): Promise<void> {
  if (!user.totpEnabledAt || !user.totpSecret) return;
  if (!code) throw new AppError('TOTP_REQUIRED', { field: 'code' });
  await consumeTotp(db, user, code, now);
}

/**
 * With security.require_2fa on, a back-office account without 2FA may only reach its profile (to enrol):
 * every other back-office call answers 403 TOTP_ENROLMENT_REQUIRED.
 */
export async function assertEnrolledIfRequired(db: Queryable, auth: { userId: string; role: TRole }): Promise<void> {
  if (!(await twoFactorRequired(db, auth.role))) return;
  const [user] = await db.select({ enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, auth.userId)).limit(1);
  if (!user?.enabledAt) throw new AppError('TOTP_ENROLMENT_REQUIRED');
}
