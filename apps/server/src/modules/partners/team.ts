import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  type TAcceptInvitation,
  type TInvitationInfo,
  type TPartnerPermission,
  type TTeamMember,
} from '@farha/contracts/partner';
import type { Db, Queryable } from '../../db/client.ts';
import { authTokens, partnerMembers, partners, sessions, users } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { enqueueEmail, invitationEmail, wakeOutbox } from '../notifications/index.ts';
import type { PartnerCaller } from './membership.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { teamOf } from './profile.ts';
import { assertPasswordLength } from '../settings/index.ts';

export const INVITATION_DAYS = 7;
const memberNotFound = () => new AppError('MEMBER_NOT_FOUND');
const invitationInvalid = () => new AppError('INVITATION_INVALID');

/** A password hash that no password matches (argon2 cannot parse it): the invitee sets theirs. */
const unusablePassword = () => `!invited:${newToken()}`;

async function memberDto(db: Queryable, partnerId: string, memberId: string): Promise<TTeamMember> {
  const member = (await teamOf(db, partnerId)).find((m) => m.id === memberId);
  if (!member) throw memberNotFound();
  return member;
}

/**
 * spec 02 §2 team tab (owner only): a pending staff account, its membership and a single-use link valid
 * 7 days (only its SHA-256 is stored), e-mailed to the invitee. An address that already has an account
 * is refused — except a former staff member of no partner, who is invited again.
 */
export async function inviteMember(
  db: Db,
  input: {
    caller: PartnerCaller;
    email: string;
    firstName?: string | undefined;
    lastName?: string | undefined;
    permissions: TPartnerPermission[];
    now: Date;
    publicUrl: string;
  },
): Promise<TTeamMember> {
  const { caller, now } = input;
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  const permissions = [...new Set(input.permissions)];
  let memberId: string;
  try {
    memberId = await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ user: users, memberId: partnerMembers.id })
        .from(users)
        .leftJoin(partnerMembers, eq(partnerMembers.userId, users.id))
        .where(eq(users.email, input.email))
        .limit(1);
      let userId: string;
      if (existing) {
        const formerStaff = existing.user.role === 'partner_staff' && existing.memberId === null;
        if (!formerStaff) throw new AppError('INVITE_ACCOUNT_EXISTS', { field: 'email' });
        userId = existing.user.id;
        await tx
          .update(users)
          .set({
            status: 'pending',
            passwordHash: unusablePassword(),
            ...(input.firstName ? { firstName: input.firstName } : {}),
            ...(input.lastName ? { lastName: input.lastName } : {}),
            updatedAt: now,
          })
          .where(eq(users.id, userId));
      } else {
        const [created] = await tx
          .insert(users)
          .values({
            email: input.email,
            passwordHash: unusablePassword(),
            firstName: input.firstName ?? '',
            lastName: input.lastName ?? '',
            role: 'partner_staff',
            status: 'pending',
            locale: 'fr',
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: users.id });
        userId = created!.id;
      }
      const [member] = await tx
        .insert(partnerMembers)
        .values({ partnerId: caller.partner.id, userId, memberRole: 'staff', permissions, invitedAt: now, joinedAt: null, createdAt: now })
        .returning({ id: partnerMembers.id });
      // Earlier links of this user stop working.
      await tx
        .update(authTokens)
        .set({ usedAt: now })
        .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, 'partner_invite'), isNull(authTokens.usedAt)));
      await tx.insert(authTokens).values({ purpose: 'partner_invite', tokenHash: sha256(token), userId, expiresAt, createdAt: now });
      await enqueueEmail(tx, {
        now,
        to: input.email,
        template: 'partner_invite',
        render: (locale) => invitationEmail({
          locale,
          partnerName: caller.partner.name,
          inviterName: caller.firstName || caller.email,
          firstName: input.firstName ?? '',
          link: `${input.publicUrl}/invitation?token=${encodeURIComponent(token)}`,
          expiresAt,
        }),
      });
      return member!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('INVITE_ACCOUNT_EXISTS', { field: 'email' });
    throw error;
  }
  wakeOutbox();
  return memberDto(db, caller.partner.id, memberId);
}

export async function updateMemberPermissions(
  db: Queryable,
  partnerId: string,
  memberId: string,
  permissions: TPartnerPermission[],
): Promise<TTeamMember> {
  const [member] = await db
    .select()
    .from(partnerMembers)
    .where(and(eq(partnerMembers.id, memberId), eq(partnerMembers.partnerId, partnerId)))
    .limit(1);
  if (!member) throw memberNotFound();
  if (member.memberRole === 'owner') throw new AppError('OWNER_ALL_ACCESS');
  await db
    .update(partnerMembers)
    .set({ permissions: [...new Set(permissions)] })
    .where(and(eq(partnerMembers.id, memberId), eq(partnerMembers.partnerId, partnerId)));
  return memberDto(db, partnerId, memberId);
}

/** spec 02 §2 'Retirer': the membership goes, the account is suspended and its sessions end now. */
export async function removeMember(db: Db, partnerId: string, memberId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select()
      .from(partnerMembers)
      .where(and(eq(partnerMembers.id, memberId), eq(partnerMembers.partnerId, partnerId)))
      .limit(1);
    if (!member) throw memberNotFound();
    if (member.memberRole === 'owner') throw new AppError('OWNER_NOT_REMOVABLE');
    await tx.delete(partnerMembers).where(eq(partnerMembers.id, member.id));
    await tx.update(users).set({ status: 'suspended', updatedAt: now }).where(eq(users.id, member.userId));
    await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.userId, member.userId), eq(authTokens.purpose, 'partner_invite'), isNull(authTokens.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, member.userId));
  });
}

async function findInvitation(db: Queryable, token: string, now: Date) {
  const [row] = await db
    .select({ token: authTokens, user: users, partnerName: partners.name, memberId: partnerMembers.id })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .innerJoin(partnerMembers, eq(partnerMembers.userId, users.id))
    .innerJoin(partners, eq(partners.id, partnerMembers.partnerId))
    .where(
      and(
        eq(authTokens.tokenHash, sha256(token)),
        eq(authTokens.purpose, 'partner_invite'),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function invitationInfo(db: Queryable, token: string, now: Date): Promise<TInvitationInfo> {
  const found = await findInvitation(db, token, now);
  if (!found) throw invitationInvalid();
  return {
    partnerName: found.partnerName,
    email: found.user.email,
    firstName: found.user.firstName,
    lastName: found.user.lastName,
    expiresAt: found.token.expiresAt.toISOString(),
  };
}

/** The invitee sets a password and names: the account becomes active and the link is spent. */
export async function acceptInvitation(db: Db, token: string, input: TAcceptInvitation, now: Date) {
  if (input.password !== input.confirmPassword) throw new AppError('PASSWORD_MISMATCH', { field: 'confirmPassword' });
  const found = await findInvitation(db, token, now);
  if (!found) throw invitationInvalid();
  await assertPasswordLength(db, input.password);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const spent = await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.id, found.token.id), isNull(authTokens.usedAt)))
      .returning({ id: authTokens.id });
    if (spent.length === 0) throw invitationInvalid();
    const [user] = await tx
      .update(users)
      .set({ passwordHash, firstName: input.firstName, lastName: input.lastName, status: 'active', updatedAt: now })
      .where(eq(users.id, found.user.id))
      .returning();
    await tx.update(partnerMembers).set({ joinedAt: now }).where(eq(partnerMembers.id, found.memberId));
    return user!;
  });
}

