import { eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TPartnerPermission } from '@farha/contracts/partner';
import type { Db } from '../../db/client.ts';
import { partnerMembers, partners } from '../../db/schema/index.ts';
import { batchedLookup } from '../../lib/batch.ts';
import { requireAuth, requireRoles } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';

export type Membership = {
  partner: typeof partners.$inferSelect;
  memberId: string;
  memberRole: 'owner' | 'staff';
  permissions: string[];
};

// Every partner request asks (a scan rush included): requests that arrive together share one query.
const memberRow = batchedLookup(
  (db: Db, userIds: string[]) =>
    db
      .select({ partner: partners, member: partnerMembers })
      .from(partnerMembers)
      .innerJoin(partners, eq(partners.id, partnerMembers.partnerId))
      .where(inArray(partnerMembers.userId, userIds)),
  (row) => row.member.userId,
  { maxBatch: 200 },
);

/** The partner the signed-in partner user belongs to: every partner query is scoped by it. */
export async function membershipOf(db: Db, userId: string): Promise<Membership> {
  const row = await memberRow(db, userId);
  if (!row) throw new AppError('PARTNER_NOT_FOUND');
  return {
    partner: row.partner,
    memberId: row.member.id,
    memberRole: row.member.memberRole,
    permissions: row.member.permissions,
  };
}

/** docs/product/partners.md §2: the owner has every permission; staff only those the owner gave them. */
export function hasPermission(membership: Pick<Membership, 'memberRole' | 'permissions'>, permission: TPartnerPermission): boolean {
  return membership.memberRole === 'owner' || membership.permissions.includes(permission);
}

export type PartnerCaller = Membership & { userId: string; email: string; firstName: string };

/**
 * The caller's partner, checked for a permission ('owner': the owner only). A member without it gets
 * the spec's 403; anything of another partner is simply not found by the scoped queries.
 */
export async function partnerCaller(
  db: Db,
  request: FastifyRequest,
  need?: TPartnerPermission | 'owner',
): Promise<PartnerCaller> {
  const auth = requireAuth(request);
  const membership = await membershipOf(db, auth.userId);
  if (need === 'owner' && membership.memberRole !== 'owner') {
    throw new AppError('OWNER_ONLY');
  }
  if (need && need !== 'owner' && !hasPermission(membership, need)) {
    throw new AppError('FORBIDDEN');
  }
  return { ...membership, userId: auth.userId, email: auth.email, firstName: auth.firstName };
}

/**
 * onRequest guard of the owner's routes (KYC, team, business profile, settings, data export;
 * docs/product/partners.md §2): another role gets the 403 before its body is read or validated, as the back office's per-page
 * guards do. The handler's partnerCaller(…, 'owner') still checks the membership itself.
 */
export const requirePartnerOwner = requireRoles(['partner_owner']);
