import type { TPartnerRegistration } from '@farha/contracts/admin';
import type { Db } from '../../db/client.ts';
import { partnerMembers, partners } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { openAccount } from '../accounts/index.ts';
import { wakeOutbox } from '../notifications/index.ts';
import { assertPasswordLength, getSettings } from '../settings/index.ts';
import { tellPartner } from './kyc.ts';

export type PartnerRegistration = Omit<TPartnerRegistration, 'consent'>;

/**
 * docs/product/partners.md §3: partner registration, when the setting partner_self_registration is on: a partner_owner
 * account and a pending, inactive partner with the default commission and cycle J+14.
 */
export async function registerPartner(db: Db, input: PartnerRegistration, ctx: { now: Date; publicUrl: string }) {
  const features = await getSettings(db, 'features');
  if (!features.partner_self_registration) throw new AppError('SELF_REGISTRATION_CLOSED');
  const payments = await getSettings(db, 'payments');
  await assertPasswordLength(db, input.password);
  const passwordHash = await hashPassword(input.password);
  const result = await db.transaction(async (tx) => {
    const owner = await openAccount(tx, {
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      role: 'partner_owner',
      now: ctx.now,
    });
    if (!owner) throw new AppError('PARTNER_REGISTER_FAILED', { field: 'email' });
    const [partner] = await tx
      .insert(partners)
      .values({
        name: input.businessName,
        category: input.category,
        city: input.city,
        wilaya: input.wilaya || input.city,
        phone: input.phone,
        email: input.email,
        kycStatus: 'pending',
        active: false,
        settlementCycle: 'J+14',
        commissionBp: payments.commission_rate_bp,
        ownerUserId: owner.id,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    await tx.insert(partnerMembers).values({ partnerId: partner!.id, userId: owner.id, memberRole: 'owner', joinedAt: ctx.now, createdAt: ctx.now });
    await tellPartner(tx, partner!, { kind: 'registered' }, ctx);
    return { partner: partner!, owner };
  });
  wakeOutbox();
  return result;
}
