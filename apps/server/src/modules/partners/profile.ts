import { and, asc, eq, ne } from 'drizzle-orm';
import {
  KYC_STATUS_LABELS,
  type TPartnerPermission,
  type TPartnerProfile,
  type TTeamMember,
  type TUpdateBusinessProfile,
  type TUpdatePersonalProfile,
} from '@farha/contracts/partner';
import type { Queryable } from '../../db/client.ts';
import { partnerMembers, partners, users } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { updatePersonalDetails } from '../accounts/index.ts';
import { invalidateCatalogCache } from '../catalog/index.ts';
import { maskIban } from './iban.ts';
import type { PartnerCaller } from './membership.ts';
import { isUniqueViolation } from '../../db/errors.ts';


const ROLE_LABEL = { owner: 'Propriétaire', staff: 'Staff' } as const;
const ALL_PERMISSIONS: TPartnerPermission[] = ['scanner', 'view_transactions', 'manage_offers', 'manage_reservations'];

/** Owner first, then staff in the order they were invited. */
export async function teamOf(db: Queryable, partnerId: string): Promise<TTeamMember[]> {
  const rows = await db
    .select({ member: partnerMembers, user: users })
    .from(partnerMembers)
    .innerJoin(users, eq(users.id, partnerMembers.userId))
    .where(eq(partnerMembers.partnerId, partnerId))
    .orderBy(asc(partnerMembers.createdAt), asc(partnerMembers.id));
  return rows
    .map(({ member, user }) => {
      const pending = user.status === 'pending' || member.joinedAt === null;
      const name = `${user.firstName} ${user.lastName}`.trim();
      return {
        id: member.id,
        userId: user.id,
        name: name || user.email,
        email: user.email,
        role: member.memberRole,
        roleLabel: ROLE_LABEL[member.memberRole],
        joinedAt: pending ? null : (member.joinedAt?.toISOString() ?? null),
        invitedAt: member.invitedAt?.toISOString() ?? null,
        invitationPending: pending,
        permissions: member.memberRole === 'owner' ? ALL_PERMISSIONS : (member.permissions as TPartnerPermission[]),
      };
    })
    .sort((a, b) => (a.role === b.role ? 0 : a.role === 'owner' ? -1 : 1));
}

export async function partnerProfile(db: Queryable, caller: PartnerCaller, now: Date): Promise<TPartnerProfile> {
  const p = caller.partner;
  const [[me], owner, team] = await Promise.all([
    db.select().from(users).where(eq(users.id, caller.userId)).limit(1),
    p.ownerUserId ? db.select().from(users).where(eq(users.id, p.ownerUserId)).limit(1) : Promise.resolve([]),
    teamOf(db, p.id),
  ]);
  if (!me) throw new AppError('PROFILE_LOAD_ERROR');
  const ownerRow = owner[0];
  return {
    business: {
      id: p.id,
      businessName: p.name,
      description: p.description,
      address: p.address,
      city: p.city,
      wilaya: p.wilaya,
      phone: p.phone,
      email: p.email,
      website: p.website,
      businessType: p.businessType,
      businessTypeLabel: p.businessType ? p.businessType.replace(/_/g, ' ') : null,
      registrationNumber: p.registrationNumber,
      taxNumber: p.taxNumber,
      kycStatus: p.kycStatus,
      kycStatusLabel: KYC_STATUS_LABELS[p.kycStatus],
      active: p.active,
      ibanMasked: maskIban(p.iban),
      bankName: p.bankName,
      settlementCycle: p.settlementCycle,
      commissionBp: p.commissionBp,
      commissionPercent: Math.round(p.commissionBp / 10) / 10,
      since: p.createdAt.toISOString(),
      seniorityDays: Math.max(0, Math.floor((now.getTime() - p.createdAt.getTime()) / DAY_MS)),
    },
    ownerInfo: ownerRow
      ? { firstName: ownerRow.firstName, lastName: ownerRow.lastName, email: ownerRow.email, phone: ownerRow.phone }
      : null,
    me: {
      id: me.id,
      firstName: me.firstName,
      lastName: me.lastName,
      email: me.email,
      phone: me.phone,
      memberRole: caller.memberRole,
      accountType: ROLE_LABEL[caller.memberRole],
      permissions: caller.memberRole === 'owner' ? ALL_PERMISSIONS : (caller.permissions as TPartnerPermission[]),
      createdAt: me.createdAt.toISOString(),
    },
    teamMembers: team,
  };
}

/** docs/product/partners.md §7, personal tab: every field required; the professional e-mail is the login e-mail. */
export async function updatePersonalProfile(db: Queryable, userId: string, input: TUpdatePersonalProfile, now: Date): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, input.email), ne(users.id, userId)))
    .limit(1);
  if (taken) throw new AppError('PARTNER_EMAIL_TAKEN', { field: 'email' });
  try {
    await updatePersonalDetails(db, userId, { firstName: input.firstName, lastName: input.lastName, email: input.email, phone: input.phone }, now);
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(error)) {
      throw new AppError('PARTNER_EMAIL_TAKEN', { field: 'email' });
    }
    throw error;
  }
}

/** docs/product/partners.md §7, business tab (owner only): name and address required; the storefront shows these. */
export async function updateBusinessProfile(db: Queryable, partnerId: string, input: TUpdateBusinessProfile, now: Date): Promise<void> {
  const patch: Partial<typeof partners.$inferInsert> = { name: input.businessName, address: input.address, updatedAt: now };
  if (input.description !== undefined) patch.description = input.description;
  if (input.city !== undefined) patch.city = input.city;
  if (input.phone !== undefined) patch.phone = input.phone;
  if (input.email !== undefined) patch.email = input.email;
  if (input.website !== undefined) patch.website = input.website;
  await db.update(partners).set(patch).where(eq(partners.id, partnerId));
  invalidateCatalogCache();
}

