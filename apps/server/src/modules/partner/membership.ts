import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { partnerMembers, partners } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

export type Membership = {
  partner: typeof partners.$inferSelect;
  memberRole: 'owner' | 'staff';
  permissions: string[];
};

/** The partner the signed-in partner user belongs to: every partner query is scoped by it. */
export async function membershipOf(db: Db, userId: string): Promise<Membership> {
  const [row] = await db
    .select({ partner: partners, member: partnerMembers })
    .from(partnerMembers)
    .innerJoin(partners, eq(partners.id, partnerMembers.partnerId))
    .where(eq(partnerMembers.userId, userId))
    .limit(1);
  if (!row) throw new AppError(404, 'PARTNER_NOT_FOUND', 'Partenaire non trouvé');
  return {
    partner: row.partner,
    memberRole: row.member.memberRole,
    permissions: row.member.permissions,
  };
}
