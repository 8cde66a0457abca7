import { eq } from 'drizzle-orm';
import { PAID_EXTENSION_MONTHS } from '@farha/contracts/customer';
import { isVoucherStatusIn, VOUCHER_STATUS_GROUPS } from '@farha/contracts/vouchers';
import type { Queryable } from '../../db/client.ts';
import { boxes, type orders, users, voucherReminders, vouchers } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { dropPendingVoucherEmails, enqueueEmail, paidChangeRefundedEmail, receiptEmail, voucherEmail, voucherExtendedEmail } from '../notifications/index.ts';
import type { Bilingual } from '../notifications/index.ts';
import { addMonthsToInstant } from '../../lib/algiers-time.ts';
import { boxOffersWithPartners, voucherPublicUrl } from './documents.ts';
import { markOrderFulfilled, markOrdersRefunded, recordRefunds } from '../payments/index.ts';
import { issueVoucher } from './issue.ts';
import { transitionVoucher } from './transition.ts';

/**
 * The voucher changes that a payment (or a free request) applies: extension and exchange. Every function
 * runs inside the caller's transaction; the checkout calls the `applyPaid…` ones when an 'extension' or
 * 'exchange' order is paid.
 */

type VoucherRow = typeof vouchers.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
export type LifeContext = { publicUrl: string; now: Date };

export const PAID_EXTENSION_REASON = `Prolongation payante de ${PAID_EXTENSION_MONTHS} mois`;

const dashboardUrl = (publicUrl: string) => `${publicUrl}/client/dashboard`;

export async function lockVoucher(db: Queryable, voucherId: string): Promise<VoucherRow | null> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.id, voucherId)).for('update');
  return row ?? null;
}

/**
 * → EXTENDED with a later expiry: `days` or `months` added to the expiry (or to now, for a voucher
 * already past it). Reminders start over for the new date. Returns null if the voucher cannot be
 * extended at this instant.
 */
export async function applyExtension(
  db: Queryable,
  ctx: LifeContext,
  input: {
    voucher: VoucherRow;
    days?: number;
    months?: number;
    actorUserId: string;
    reason: string;
    notify: { email: string; name: string };
    amountPaid: number | null;
    byAgent?: boolean;
  },
): Promise<VoucherRow | null> {
  const { voucher } = input;
  const { now } = ctx;
  const base = new Date(Math.max(voucher.expiresAt.getTime(), now.getTime()));
  const expiresAt = input.months ? addMonthsToInstant(base, input.months) : new Date(base.getTime() + (input.days ?? 0) * DAY_MS);
  const extended = await transitionVoucher(db, {
    voucherId: voucher.id,
    to: 'EXTENDED',
    by: 'holder',
    actorUserId: input.actorUserId,
    reason: input.reason,
    now,
    onlyFrom: VOUCHER_STATUS_GROUPS.extendable,
    // A holder extending an unheld gift becomes its holder; an agent (support, a dispute) never holds one.
    patch: { expiresAt, extensionCount: voucher.extensionCount + 1, holderUserId: voucher.holderUserId ?? (input.byAgent ? null : input.actorUserId) },
  });
  if (!extended) return null;
  await db.delete(voucherReminders).where(eq(voucherReminders.voucherId, voucher.id));
  const [box] = await db.select({ name: boxes.name, nameAr: boxes.nameAr }).from(boxes).where(eq(boxes.id, voucher.boxId));
  await enqueueEmail(db, {
    now,
    to: input.notify.email,
    template: 'voucher-extended',
    voucherId: voucher.id,
    render: (locale) => voucherExtendedEmail({
      locale,
      name: input.notify.name,
      boxName: box?.name ?? 'Box inconnue',
      boxNameAr: box?.nameAr,
      code: voucher.code,
      expiresAt,
      amountPaid: input.amountPaid,
      dashboardUrl: dashboardUrl(ctx.publicUrl),
    }),
  });
  return extended;
}

/**
 * old → EXCHANGED, and a new voucher for `newBox` (same recipient, sender and message, validity from the
 * new box) issued and e-mailed like a purchase. Throws if the old voucher is no longer exchangeable.
 */
export async function performExchange(
  db: Queryable,
  ctx: LifeContext,
  input: { oldVoucher: VoucherRow; newBox: typeof boxes.$inferSelect; orderId: string; actorUserId: string },
): Promise<VoucherRow> {
  const { oldVoucher: old, newBox } = input;
  const { now } = ctx;
  const deliverAt = old.deliverAt && old.deliverAt > now ? old.deliverAt : null;
  const issued = await issueVoucher(db, {
    boxId: newBox.id,
    validityDays: newBox.validityDays,
    orderId: input.orderId,
    purchaserId: old.purchaserId,
    recipientEmail: old.recipientEmail,
    recipientName: old.recipientName,
    recipientLocale: old.recipientLocale,
    senderName: old.senderName,
    personalMessage: old.personalMessage,
    faceValue: newBox.price,
    deliverAt,
    now,
    reason: `Échange du voucher ${old.code}`,
  });
  const holderUserId = old.holderUserId ?? input.actorUserId;
  await db.update(vouchers).set({ holderUserId }).where(eq(vouchers.id, issued.id));
  const exchanged = await transitionVoucher(db, {
    voucherId: old.id,
    to: 'EXCHANGED',
    by: 'holder',
    actorUserId: input.actorUserId,
    reason: `Échangé contre « ${newBox.name} » (${issued.code})`,
    now,
    onlyFrom: VOUCHER_STATUS_GROUPS.exchangeable,
    patch: { replacedByVoucherId: issued.id, holderUserId },
  });
  if (!exchanged) throw new AppError('VOUCHER_NOT_EXCHANGEABLE');
  await dropPendingVoucherEmails(db, old.id, 'Voucher échangé');

  const offers = await boxOffersWithPartners(db, newBox.id);
  await enqueueEmail(db, {
    now,
    to: old.recipientEmail,
    template: 'voucher',
    locale: old.recipientLocale,
    voucherId: issued.id,
    attachments: { voucherId: issued.id, qr: true, pdf: true },
    sendAt: deliverAt ?? undefined,
    render: (locale) => voucherEmail({
      locale,
      recipientName: old.recipientName,
      senderName: old.senderName,
      personalMessage: old.personalMessage,
      boxName: newBox.name,
      boxNameAr: newBox.nameAr,
      code: issued.code,
      expiresAt: issued.expiresAt,
      publicUrl: voucherPublicUrl(ctx.publicUrl, issued.code),
      offers,
    }),
  });
  return { ...issued, holderUserId };
}

/** A paid order that could not be applied: recorded as a refund for finance, the payer told. */
async function refundUnappliedOrder(
  db: Queryable,
  ctx: LifeContext,
  order: OrderRow,
  code: 'extension_impossible' | 'exchange_impossible',
  what: Bilingual,
  reason: Bilingual,
) {
  await markOrdersRefunded(db, [order.id], ctx.now);
  await recordRefunds(
    db,
    [{ orderId: order.id, voucherId: order.relatedVoucherId, amount: order.amount, reason: `${what.fr} impossible : ${reason.fr}`, reasonCode: code }],
    ctx.now,
  );
  const [payer] = await db.select().from(users).where(eq(users.id, order.purchaserId));
  if (payer) {
    await enqueueEmail(db, {
      now: ctx.now,
      to: payer.email,
      template: 'order-refunded',
      render: (locale) => paidChangeRefundedEmail({ locale, name: payer.firstName, what, amount: order.amount, reason, dashboardUrl: dashboardUrl(ctx.publicUrl) }),
    });
  }
}

/** A paid 'extension' order: the related voucher gets 6 more months (EXTENDED), else a refund. */
export async function applyPaidExtension(db: Queryable, ctx: LifeContext, order: OrderRow): Promise<void> {
  const voucher = order.relatedVoucherId ? await lockVoucher(db, order.relatedVoucherId) : null;
  const [payer] = await db.select().from(users).where(eq(users.id, order.purchaserId));
  const extended =
    voucher && payer && isVoucherStatusIn('extendable', voucher.status)
      ? await applyExtension(db, ctx, {
          voucher,
          months: PAID_EXTENSION_MONTHS,
          actorUserId: payer.id,
          reason: PAID_EXTENSION_REASON,
          notify: { email: payer.email, name: payer.firstName },
          amountPaid: order.amount,
        })
      : null;
  if (!extended) {
    await refundUnappliedOrder(
      db,
      ctx,
      order,
      'extension_impossible',
      { fr: 'Prolongation', ar: 'التمديد' },
      { fr: 'le coffret n’est plus prolongeable (réservé, utilisé ou annulé)', ar: 'لم تعد العلبة قابلة للتمديد (محجوزة أو مستعملة أو ملغاة)' },
    );
    return;
  }
  await markOrderFulfilled(db, order.id, ctx.now);
}

/** A paid 'exchange' order: the related voucher is exchanged for the order's box, else a refund. */
export async function applyPaidExchange(db: Queryable, ctx: LifeContext, order: OrderRow): Promise<void> {
  const old = order.relatedVoucherId ? await lockVoucher(db, order.relatedVoucherId) : null;
  const [newBox] = await db.select().from(boxes).where(eq(boxes.id, order.boxId));
  const usable =
    old && newBox && isVoucherStatusIn('exchangeable', old.status) && old.expiresAt.getTime() > ctx.now.getTime();
  if (!usable) {
    await refundUnappliedOrder(
      db,
      ctx,
      order,
      'exchange_impossible',
      { fr: 'Échange', ar: 'الاستبدال' },
      { fr: 'le coffret n’est plus échangeable (réservé, utilisé, expiré ou annulé)', ar: 'لم تعد العلبة قابلة للاستبدال (محجوزة أو مستعملة أو منتهية الصلاحية أو ملغاة)' },
    );
    return;
  }
  // The new voucher's e-mail marks the order fulfilled once the mail server accepts it.
  await performExchange(db, ctx, { oldVoucher: old, newBox, orderId: order.id, actorUserId: order.purchaserId });
  const [payer] = await db.select().from(users).where(eq(users.id, order.purchaserId));
  if (payer) {
    await enqueueEmail(db, {
      now: ctx.now,
      to: payer.email,
      template: 'receipt',
      render: (locale) => receiptEmail({
        locale,
        purchaserName: payer.firstName,
        orderId: order.id,
        boxName: `${newBox.name} (échange, différence de prix)`,
        boxNameAr: `${newBox.nameAr?.trim() || newBox.name} (استبدال، فرق السعر)`,
        amount: order.amount,
        paymentMethod: order.paymentMethod,
        paidAt: ctx.now,
        recipientName: old.recipientName,
        recipientEmail: old.recipientEmail,
        deliverAt: old.deliverAt && old.deliverAt > ctx.now ? old.deliverAt : null,
      }),
    });
  }
}
