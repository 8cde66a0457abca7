import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TVoucherStatus } from '@farha/contracts/vouchers';
import type { Db } from '../src/db/client.ts';
import { boxes, boxOffers, emailOutbox, offers, orders, partners, payments, users, voucherEvents, vouchers } from '../src/db/schema/index.ts';
import { DEMO_PARTNER_SLUG, DEMO_VOUCHER_BOX_SLUG } from '../src/db/seed/catalog-data.ts';
import { seedBoxId, seedOfferId, seedPartnerId } from '../src/db/seed/seed.ts';
import { DAY_MS } from '../src/lib/clock.ts';
import { generateVoucherCode } from '../src/modules/vouchers/index.ts';
import { cookieFrom, type TestApp } from './helpers.ts';

/** The demo voucher's box; the first demo partner (with seeded weekly hours) has one offer in it. */
export const DEMO_BOX_ID = seedBoxId(DEMO_VOUCHER_BOX_SLUG);
export const PARTNER1_ID = seedPartnerId(DEMO_PARTNER_SLUG);
export const PARTNER1_OFFER_ID = seedOfferId('hammam-dar-essalam--hammam-massage');

export type Customer = { id: string; email: string; cookie: string; firstName: string };

/** A fresh customer account, signed in. */
export async function newCustomer(t: TestApp, tag: string, email?: string): Promise<Customer> {
  const address = email ?? `${tag}.${randomBytes(3).toString('hex')}@example.dz`;
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: address, password: 'secret123', firstName: tag[0]!.toUpperCase() + tag.slice(1), lastName: 'Test' },
  });
  if (res.statusCode !== 201) throw new Error(`register ${address}: ${res.statusCode} ${res.body}`);
  const body = res.json() as { user: { id: string; email: string; firstName: string } };
  return { id: body.user.id, email: body.user.email, firstName: body.user.firstName, cookie: cookieFrom(res) };
}

/** An active box of the catalogue (the first one the database returns). */
export async function anActiveBox(db: Db) {
  const [box] = await db.select().from(boxes).where(eq(boxes.active, true)).limit(1);
  return box!;
}

/** The body of a gift order (POST /api/orders): for Nadia Benali, from Amina, paid by CIB; `patch` changes or adds fields. */
export function giftOrder(boxId: string, patch: Record<string, unknown> = {}) {
  return { boxId, recipientName: 'Nadia Benali', recipientEmail: 'nadia.benali@example.dz', senderName: 'Amina', paymentMethod: 'cib', termsAccepted: true, ...patch };
}

export type VoucherOptions = {
  purchaserId: string;
  recipientEmail: string;
  recipientName?: string;
  holderUserId?: string | null;
  boxId?: string;
  status?: TVoucherStatus;
  /** Moment of purchase (order paid, voucher created). */
  at: Date;
  expiresAt?: Date;
  deliverAt?: Date | null;
  orderStatus?: 'paid' | 'fulfilled' | 'refunded';
  amount?: number;
  paymentMethod?: 'cib' | 'edahabia' | 'visa' | 'mastercard';
};

/** A paid purchase order, its sandbox payment and its voucher in the given status (with its events). */
export async function makeVoucher(db: Db, options: VoucherOptions) {
  const boxId = options.boxId ?? DEMO_BOX_ID;
  const [box] = await db.select().from(boxes).where(eq(boxes.id, boxId));
  const amount = options.amount ?? box!.price;
  const [order] = await db
    .insert(orders)
    .values({
      purchaserId: options.purchaserId,
      boxId,
      amount,
      status: options.orderStatus ?? 'fulfilled',
      recipientName: options.recipientName ?? 'Nadia Benali',
      recipientEmail: options.recipientEmail,
      senderName: 'Amina',
      personalMessage: 'Pour toi !',
      paymentMethod: options.paymentMethod ?? 'cib',
      deliverAt: options.deliverAt ?? null,
      paidAt: options.at,
      createdAt: options.at,
      updatedAt: options.at,
    })
    .returning();
  await db.insert(payments).values({
    orderId: order!.id,
    provider: 'sandbox',
    providerCheckoutId: `sbx_test_${randomBytes(8).toString('hex')}`,
    status: 'paid',
    amount,
    method: options.paymentMethod ?? 'cib',
    createdAt: options.at,
    updatedAt: options.at,
  });
  const status = options.status ?? 'DELIVERED';
  const [voucher] = await db
    .insert(vouchers)
    .values({
      code: generateVoucherCode(),
      boxId,
      orderId: order!.id,
      purchaserId: options.purchaserId,
      holderUserId: options.holderUserId ?? null,
      recipientEmail: options.recipientEmail,
      recipientName: options.recipientName ?? 'Nadia Benali',
      senderName: 'Amina',
      personalMessage: 'Pour toi !',
      status,
      faceValue: amount,
      deliverAt: options.deliverAt ?? null,
      deliveredAt: status === 'ISSUED' ? null : options.at,
      expiresAt: options.expiresAt ?? new Date(options.at.getTime() + box!.validityDays * DAY_MS),
      createdAt: options.at,
      updatedAt: options.at,
    })
    .returning();
  await db.insert(voucherEvents).values([
    { voucherId: voucher!.id, fromStatus: null, toStatus: 'ISSUED', actorRole: 'system', reason: 'Paiement confirmé', createdAt: options.at },
    ...(status === 'ISSUED'
      ? []
      : [{ voucherId: voucher!.id, fromStatus: 'ISSUED' as const, toStatus: status, actorRole: 'system', reason: 'test', createdAt: options.at }]),
  ]);
  return { voucher: voucher!, order: order! };
}

/** An active box other than the demo voucher's, strictly cheaper or dearer than `than` as asked. */
export async function otherBox(db: Db, than: number, which: 'cheaper' | 'dearer', exchangeOnce?: boolean) {
  const rows = await db.select().from(boxes).where(eq(boxes.active, true));
  const found = rows
    .filter((b) => b.id !== DEMO_BOX_ID)
    .filter((b) => (which === 'cheaper' ? b.price < than : b.price > than))
    .filter((b) => exchangeOnce === undefined || b.exchangeOnce === exchangeOnce)
    .sort((a, b) => (which === 'cheaper' ? b.price - a.price : a.price - b.price))[0];
  if (!found) throw new Error(`no ${which} box than ${than}`);
  return found;
}

/** An active offer of an active partner in the box (the partner id and offer id to reserve with). */
export async function offerOf(db: Db, boxId: string) {
  const [row] = await db
    .select({ offerId: offers.id, partnerId: partners.id })
    .from(boxOffers)
    .innerJoin(offers, eq(offers.id, boxOffers.offerId))
    .innerJoin(partners, eq(partners.id, offers.partnerId))
    .where(and(eq(boxOffers.boxId, boxId), eq(offers.active, true), eq(partners.active, true)))
    .limit(1);
  return row!;
}

export async function userByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user!;
}

/** Queued e-mails to an address, oldest first. */
export async function mailsTo(db: Db, to: string, template?: string) {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), template ? eq(emailOutbox.template, template) : undefined));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

export const days = (n: number) => n * DAY_MS;
