import { and, eq, isNull } from 'drizzle-orm';
import { type TAdminUserRow, type TCreateUserInput, type TUpdateUserInput, STAFF_ROLES } from '@farha/contracts/admin';
import { ROLE_LABELS, type TRole } from '@farha/contracts/roles';
import type { Db, Queryable } from '../../db/client.ts';
import { authTokens, users } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { accountInvitationEmail, enqueueEmail, wakeOutbox } from '../notifications/index.ts';
import { INVITE_PURPOSE, requestPasswordReset } from './password-reset.ts';
import { userRow } from './user-administration.ts';
import { unusablePassword } from './account-changes.ts';

/** How long the link of a staff-made account is valid. */
export const ACCOUNT_INVITE_DAYS = 7;

type StaffStep = { actor: AuditActor; now: Date; publicUrl: string };

async function sendInvitation(tx: Queryable, user: typeof users.$inferSelect, step: StaffStep) {
  const token = newToken();
  // Earlier links of this account are void: only the newest one works.
  await tx
    .update(authTokens)
    .set({ usedAt: step.now })
    .where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, INVITE_PURPOSE), isNull(authTokens.usedAt)));
  await tx.insert(authTokens).values({
    purpose: INVITE_PURPOSE,
    tokenHash: sha256(token),
    userId: user.id,
    expiresAt: new Date(step.now.getTime() + ACCOUNT_INVITE_DAYS * DAY_MS),
    createdAt: step.now,
  });
  await enqueueEmail(tx, {
    now: step.now,
    to: user.email,
    template: 'account-invitation',
    locale: user.locale,
    ...accountInvitationEmail({
      locale: user.locale,
      name: user.firstName,
      role: user.role,
      link: `${step.publicUrl}/auth/reset?token=${encodeURIComponent(token)}`,
      days: ACCOUNT_INVITE_DAYS,
    }),
  });
}

/**
 * Issue 12 (superadmin): a back-office or partner account, pending until its owner sets a password from the
 * e-mailed link (7 days). `attach` runs in the same transaction (a partner role's membership).
 */
export async function createAccount(
  db: Db,
  // A company's admin invites buyers (issue 27) through the same invitation.
  input: Omit<TCreateUserInput, 'role'> & { role: TRole },
  step: StaffStep & { attach?: (tx: Queryable, userId: string) => Promise<void> },
): Promise<TAdminUserRow> {
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash: unusablePassword(),
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        status: 'pending',
        createdAt: step.now,
        updatedAt: step.now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) throw new AppError('EMAIL_TAKEN', { field: 'email' });
    await step.attach?.(tx, created.id);
    await sendInvitation(tx, created, step);
    await recordAudit(tx, {
      actor: step.actor,
      action: 'user.create',
      entityType: 'user',
      entityId: created.id,
      summary: `${created.email} (${ROLE_LABELS[created.role]})`,
      params: { email: created.email, role: created.role },
      before: null,
      after: { email: created.email, role: created.role, status: created.status, partnerId: input.partnerId ?? null },
      now: step.now,
    });
    return created.id;
  });
  wakeOutbox();
  return userRow(db, id, step.now);
}

const isStaffRole = (role: TRole) => (STAFF_ROLES as readonly string[]).includes(role);

/**
 * Names, phone and — between back-office roles only — the role. Nobody changes their own role, and the last
 * active superadmin keeps theirs.
 */
export async function updateAccount(db: Db, userId: string, patch: TUpdateUserInput, step: StaffStep): Promise<TAdminUserRow> {
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin')).orderBy(users.id).for('update');
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!before) throw new AppError('USER_NOT_FOUND');
    if (patch.role && patch.role !== before.role) {
      if (userId === step.actor.userId) throw new AppError('CANNOT_CHANGE_OWN_ROLE', { field: 'role' });
      if (!isStaffRole(before.role)) throw new AppError('ROLE_NOT_CREATABLE', { field: 'role' });
      if (before.role === 'superadmin' && before.status === 'active') {
        const others = await tx.select({ id: users.id }).from(users).where(and(eq(users.role, 'superadmin'), eq(users.status, 'active')));
        if (others.filter((o) => o.id !== userId).length === 0) throw new AppError('LAST_SUPERADMIN', { field: 'role' });
      }
    }
    const next = {
      firstName: patch.firstName ?? before.firstName,
      lastName: patch.lastName ?? before.lastName,
      phone: patch.phone === undefined ? before.phone : patch.phone || null,
      role: patch.role ?? before.role,
    };
    await tx.update(users).set({ ...next, updatedAt: step.now }).where(eq(users.id, userId));
    await recordAudit(tx, {
      actor: step.actor,
      action: 'user.update',
      entityType: 'user',
      entityId: userId,
      summary: `${before.email}: ${Object.keys(patch).join(', ')}`,
      params: { email: before.email, fields: Object.keys(patch) },
      before: { firstName: before.firstName, lastName: before.lastName, phone: before.phone, role: before.role },
      after: next,
      now: step.now,
    });
  });
  return userRow(db, userId, step.now);
}

/**
 * The superadmin sends an account its link: a new invitation while it is pending, else a password reset
 * (the reset's own limits apply: 3 links an hour, none to a suspended account).
 */
export async function sendPasswordLink(db: Db, userId: string, step: StaffStep): Promise<{ user: TAdminUserRow; invitation: boolean }> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (user.status === 'suspended') throw new AppError('USER_ALREADY_SUSPENDED');
  const invitation = user.status === 'pending';
  if (invitation) {
    await db.transaction(async (tx) => sendInvitation(tx, user, step));
    wakeOutbox();
  } else {
    await requestPasswordReset({ db, publicUrl: step.publicUrl, now: step.now }, user.email);
  }
  await recordAudit(db, {
    actor: step.actor,
    action: invitation ? 'user.invitation' : 'user.password_reset',
    entityType: 'user',
    entityId: userId,
    summary: user.email,
    params: { email: user.email },
    before: null,
    after: null,
    now: step.now,
  });
  return { user: await userRow(db, userId, step.now), invitation };
}
