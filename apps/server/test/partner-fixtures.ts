import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { boxes, boxOffers, offers, orders, partnerMembers, partners, users, vouchers } from '../src/db/schema/index.ts';
import { DEMO_PARTNER2_SLUG, DEMO_PARTNER_SLUG, DEMO_VOUCHER_BOX_SLUG } from '../src/db/seed/catalog-data.ts';
import { DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD } from '../src/db/seed/demo-accounts.ts';
import { seedBoxId, seedOfferId, seedPartnerId } from '../src/db/seed/seed.ts';
import { hashPassword } from '../src/lib/password.ts';
import { issueVoucher } from '../src/modules/vouchers/index.ts';
import type { TVoucherStatus } from '@farha/contracts/vouchers';
import { TEST_START } from './clock.ts';

export const PARTNER1_ID = seedPartnerId(DEMO_PARTNER_SLUG);
export const PARTNER2_ID = seedPartnerId(DEMO_PARTNER2_SLUG);
/** The demo voucher's box; partner 1's only offer in it is 'hammam-massage' (9 000 DA). */
export const DEMO_BOX_ID = seedBoxId(DEMO_VOUCHER_BOX_SLUG);
export const PARTNER1_MASSAGE_OFFER_ID = seedOfferId('hammam-dar-essalam--hammam-massage');
export const OWNER = 'partenaire@demo.farha.dz';
export const STAFF = 'staff@demo.farha.dz';
export const OWNER2 = 'partenaire2@demo.farha.dz';

export const newNonce = () => randomUUID();

/** Rows the fixtures make are dated at the start of the tests' clock. */
const stamped = { createdAt: TEST_START, updatedAt: TEST_START };

/** A voucher of `boxId` held by the demo customer, issued directly (no checkout), in the given status. */
export async function giveVoucher(
  db: Db,
  options: { boxId?: string; now: Date; status?: TVoucherStatus; validityDays?: number; recipientName?: string },
) {
  const boxId = options.boxId ?? DEMO_BOX_ID;
  const [customer] = await db.select().from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL));
  const [box] = await db.select().from(boxes).where(eq(boxes.id, boxId));
  const [order] = await db
    .insert(orders)
    .values({
      purchaserId: customer!.id,
      boxId,
      amount: box!.price,
      status: 'fulfilled',
      recipientName: options.recipientName ?? 'Amina Benali',
      recipientEmail: customer!.email,
      paymentMethod: 'cib',
      paidAt: options.now,
      createdAt: options.now,
      updatedAt: options.now,
    })
    .returning({ id: orders.id });
  const voucher = await issueVoucher(db, {
    boxId,
    validityDays: options.validityDays ?? 365,
    orderId: order!.id,
    purchaserId: customer!.id,
    recipientEmail: customer!.email,
    recipientName: options.recipientName ?? 'Amina Benali',
    recipientLocale: 'fr',
    senderName: null,
    personalMessage: null,
    faceValue: box!.price,
    deliverAt: null,
    now: options.now,
    reason: 'test',
  });
  const status = options.status ?? 'DELIVERED';
  if (status !== 'ISSUED') {
    await db
      .update(vouchers)
      .set({ status, holderUserId: customer!.id, statusBeforeReservation: status === 'RESERVED' ? 'DELIVERED' : null })
      .where(eq(vouchers.id, voucher.id));
  }
  return { ...voucher, status };
}

/**
 * Another authorised partner: verified, active, with its owner account (password demo1234) and one
 * active offer in `boxId`.
 */
export async function addPartnerWithOffer(db: Db, options: { boxId: string; faceValue?: number; commissionBp?: number }) {
  const tag = randomBytes(3).toString('hex');
  const email = `gerant.${tag}@example.dz`;
  const [owner] = await db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(DEMO_PASSWORD), firstName: 'Samir', lastName: `Test ${tag}`, role: 'partner_owner', ...stamped })
    .returning();
  const [partner] = await db
    .insert(partners)
    .values({
      name: `Spa Test ${tag}`,
      city: 'Alger',
      wilaya: 'Alger',
      kycStatus: 'verified',
      iban: 'DZ5800200001234567890123',
      active: true,
      commissionBp: options.commissionBp ?? 1200,
      ownerUserId: owner!.id,
      ...stamped,
    })
    .returning();
  await db.insert(partnerMembers).values({ partnerId: partner!.id, userId: owner!.id, memberRole: 'owner', permissions: [], joinedAt: TEST_START, createdAt: TEST_START });
  const [offer] = await db
    .insert(offers)
    .values({
      partnerId: partner!.id,
      title: `Massage test ${tag}`,
      description: 'Massage de test',
      category: 'bien-etre',
      faceValue: options.faceValue ?? 8000,
      ...stamped,
    })
    .returning();
  await db.insert(boxOffers).values({ boxId: options.boxId, offerId: offer!.id, createdAt: TEST_START });
  return { partner: partner!, owner: owner!, email, offer: offer! };
}

/** An extra active offer of a partner, put in a box. */
export async function addOfferToBox(db: Db, options: { partnerId: string; boxId: string; title: string; faceValue: number }) {
  const [offer] = await db
    .insert(offers)
    .values({ partnerId: options.partnerId, title: options.title, description: 'Offre de test', category: 'bien-etre', faceValue: options.faceValue, ...stamped })
    .returning();
  await db.insert(boxOffers).values({ boxId: options.boxId, offerId: offer!.id, createdAt: TEST_START });
  return offer!;
}

export async function removeOfferFromBox(db: Db, offerId: string, boxId: string) {
  await db.delete(boxOffers).where(and(eq(boxOffers.offerId, offerId), eq(boxOffers.boxId, boxId)));
}
