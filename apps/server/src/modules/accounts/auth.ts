import { eq, sql } from 'drizzle-orm';
import type { TRegisterRequest, TUser } from '@farha/contracts/auth';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { assertPasswordLength } from '../settings/index.ts';
import { ADMIN_FIGURES_AUDIENCE, publish } from '../realtime/index.ts';

export type UserRow = typeof users.$inferSelect;

export function toUserDto(row: UserRow): TUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    role: row.role,
    locale: row.locale,
    displayCurrency: displayCurrencyOf(row.preferences),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The profile's display currency (docs/product/money.md §6), DZD when unset or unreadable. */
function displayCurrencyOf(preferences: unknown): TUser['displayCurrency'] {
  const currency = preferences && typeof preferences === 'object' ? (preferences as { currency?: unknown }).currency : undefined;
  return currency === 'EUR' || currency === 'USD' ? currency : 'DZD';
}

// Verifying against a real hash when the e-mail is unknown keeps both answers equally slow.
let decoyHash: Promise<string> | undefined;

export async function authenticate(db: Db, email: string, password: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  if (!user) {
    decoyHash ??= hashPassword('farha-decoy-password');
    await verifyPassword(await decoyHash, password);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('INVALID_CREDENTIALS');
  if (user.status === 'suspended') throw new AppError('ACCOUNT_SUSPENDED');
  return user;
}

/** A wrong password for an existing account: counted until its next successful login (back office, users). */
export async function recordFailedLogin(db: Db, email: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ failedLogins: sql`${users.failedLogins} + 1`, lastFailedLoginAt: now })
    .where(eq(users.email, email.trim().toLowerCase()));
}

/** docs/product/accounts-and-roles.md §4: registration always creates a customer. */
export async function registerCustomer(db: Db, input: TRegisterRequest, now: Date): Promise<UserRow> {
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.password) {
    throw new AppError('PASSWORD_MISMATCH', { field: 'confirmPassword' });
  }
  await assertPasswordLength(db, input.password);
  const passwordHash = await hashPassword(input.password);
  // Issue 36: the new customer counts in the back office's figures at commit (docs/product/realtime.md §6).
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
    .insert(users)
    .values({
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone || null,
      locale: input.locale ?? 'fr',
      role: 'customer',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
    if (row) await publish(tx, { topic: 'admin.figures', audience: ADMIN_FIGURES_AUDIENCE, payload: { change: 'customer_registered' }, now });
    return row;
  });
  if (!created) throw new AppError('REGISTER_FAILED', { field: 'email' });
  return created;
}

export async function setLocale(db: Db, userId: string, locale: 'fr' | 'ar'): Promise<UserRow> {
  const [row] = await db.update(users).set({ locale }).where(eq(users.id, userId)).returning();
  if (!row) throw new AppError('USER_NOT_FOUND');
  return row;
}

/** A successful login: its time, and the failed attempts counted since the last one start again from 0. */
export async function recordSuccessfulLogin(db: Db, userId: string, now: Date): Promise<void> {
  await db.update(users).set({ lastLoginAt: now, failedLogins: 0 }).where(eq(users.id, userId));
}

/** The account behind a session, or null when it no longer exists. */
export async function sessionUser(db: Db, userId: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user ?? null;
}

/** The language the account reads its e-mails in (French when the account is gone). */
export async function userLocale(db: Db, userId: string): Promise<UserRow['locale']> {
  const [user] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return user?.locale ?? 'fr';
}
