import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  type TAcceptInvitation,
  type TInvitationInfo,
  type TPartnerPermission,
  type TTeamMember,
} from '@farha/contracts/partner';
import type { Db, Queryable } from '../../db/client.ts';
import { authTokens, partnerMembers, partners, users } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { acceptPartnerInvitation, closeStaffAccount, issuePartnerInvitation, openAccount, reopenForInvitation } from '../accounts/index.ts';
import { enqueueEmail, invitationEmail, wakeOutbox } from '../notifications/index.ts';
import type { PartnerCaller } from './membership.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { teamOf } from './profile.ts';
import { assertPasswordLength } from '../settings/index.ts';

export const INVITATION_DAYS = 7;
const memberNotFound = () => new AppError('MEMBER_NOT_FOUND');
const invitationInvalid = () => new AppError('INVITATION_INVALID');

async function memberDto(db: Queryable, partnerId: string, memberId: string): Promise<TTeamMember> {
  const member = (await teamOf(db, partnerId)).find((m) => m.id === memberId);
  if (!member) throw memberNotFound();
  return member;
}

/**
 * docs/product/partners.md §6 (owner only): a pending staff account, its membership and a single-use link valid
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
    /** E.164 (contracts' ZPhone), or null / absent: none. */
    phone?: string | null | undefined;
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
        await reopenForInvitation(tx, userId, { firstName: input.firstName, lastName: input.lastName, phone: input.phone, now });
      } else {
        const created = await openAccount(tx, { email: input.email, firstName: input.firstName ?? '', lastName: input.lastName ?? '', phone: input.phone ?? null, role: 'partner_staff', now });
        if (!created) throw new AppError('INVITE_ACCOUNT_EXISTS', { field: 'email' });
        userId = created.id;
      }
      const [member] = await tx
        .insert(partnerMembers)
        .values({ partnerId: caller.partner.id, userId, memberRole: 'staff', permissions, invitedAt: now, joinedAt: null, createdAt: now })
        .returning({ id: partnerMembers.id });
      await issuePartnerInvitation(tx, userId, { token, expiresAt, now });
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

/** docs/product/partners.md §6, « Retirer »: the membership goes, the account is suspended and its sessions end now. */
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
    await closeStaffAccount(tx, member.userId, now);
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
    const user = await acceptPartnerInvitation(tx, {
      tokenId: found.token.id,
      userId: found.user.id,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      now,
    });
    if (!user) throw invitationInvalid();
    await tx.update(partnerMembers).set({ joinedAt: now }).where(eq(partnerMembers.id, found.memberId));
    return user;
  });
}

