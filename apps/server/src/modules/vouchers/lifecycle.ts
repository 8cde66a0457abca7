import { and, asc, eq, ne } from 'drizzle-orm';
import {
  CUSTOMER_MESSAGES as M,
  EXTENSION_AFTER_EXPIRY_DAYS,
  FREE_EXTENSION_WINDOW_DAYS,
  PAID_EXTENSION_MONTHS,
  type TExchangeOptions,
  type TVoucherLifeResponse,
} from '@farha/contracts/customer';
import type { TPaymentMethod } from '@farha/contracts/checkout';
import { isVoucherStatusIn } from '@farha/contracts/vouchers';
import type { Db, Queryable } from '../../db/client.ts';
import { boxes, reviews, users, voucherEvents } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { recordReview } from '../catalog/index.ts';
import { createFreeExchangeOrder, createServiceOrder, type PaymentProviders } from '../payments/index.ts';
import { wakeOutbox } from '../notifications/index.ts';
import { getSettings } from '../settings/index.ts';
import { isVoucherHolder } from './ownership.ts';
import { refundDeadlineOf } from './actions.ts';
import { exchangeBlocked, PAID_ORDER_STATUSES, rootPurchaseOrder, voucherLineage } from './lineage.ts';
import { cancelAndRefundVoucher } from './refund.ts';
import { applyExtension, lockVoucher, performExchange } from './voucher-life.ts';
import { FREE_EXTENSION_REASON, getClientVoucher, visibleVoucherRow, type Caller, type ReservationsOf } from './holder.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export type LifeDeps = { db: Db; providers: PaymentProviders; publicUrl: string; now: Date; reservationsOf: ReservationsOf };


async function callerRow(db: Db, caller: Caller) {
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId)).limit(1);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

async function freeExtensionUsed(db: Db, voucherId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: voucherEvents.id })
    .from(voucherEvents)
    .where(and(eq(voucherEvents.voucherId, voucherId), eq(voucherEvents.toStatus, 'EXTENDED'), eq(voucherEvents.reason, FREE_EXTENSION_REASON)))
    .limit(1);
  return !!row;
}

function assertExtendable(voucher: { status: string; expiresAt: Date }, now: Date) {
  if (voucher.status === 'RESERVED') throw new AppError('VOUCHER_RESERVED');
  if (!isVoucherStatusIn('extendable', voucher.status)) throw new AppError('VOUCHER_NOT_EXTENDABLE');
  if (now.getTime() > voucher.expiresAt.getTime() + EXTENSION_AFTER_EXPIRY_DAYS * DAY_MS) throw new AppError('EXTENSION_TOO_LATE');
}

function requireMethod(method: TPaymentMethod | undefined): TPaymentMethod {
  if (!method) throw new AppError('PAYMENT_METHOD_REQUIRED', { field: 'paymentMethod' });
  return method;
}

/**
 * docs/product/vouchers.md §9: ISSUED, DELIVERED, EXTENDED or EXPIRED (≤ 90 days) → EXTENDED by the holder. Free: once per voucher,
 * 30 days (setting), only in the last 30 days before expiry or after it. Paid: 6 months at the settings'
 * price, through the checkout; applied when the gateway says paid.
 */
export async function extendVoucher(
  deps: LifeDeps,
  caller: Caller,
  voucherId: string,
  input: { mode: 'free' | 'paid'; paymentMethod?: TPaymentMethod | undefined },
): Promise<TVoucherLifeResponse> {
  const { db, now } = deps;
  const voucher = await visibleVoucherRow(db, caller, voucherId, now);
  if (!isVoucherHolder(voucher, caller)) throw new AppError('HOLDER_ONLY');
  assertExtendable(voucher, now);
  const settings = await getSettings(db, 'payments');
  const user = await callerRow(db, caller);

  if (input.mode === 'paid') {
    const paymentMethod = requireMethod(input.paymentMethod);
    const { orderId, checkoutUrl } = await createServiceOrder(deps, {
      kind: 'extension',
      purchaserId: caller.userId,
      locale: user.locale,
      boxId: voucher.boxId,
      amount: settings.extension_price,
      relatedVoucherId: voucher.id,
      recipientName: `${user.firstName} ${user.lastName}`.trim(),
      recipientEmail: user.email,
      recipientLocale: user.locale,
      senderName: null,
      personalMessage: null,
      paymentMethod,
      description: `Farha — prolongation de ${PAID_EXTENSION_MONTHS} mois (${voucher.code})`,
    });
    return { outcome: 'checkout', orderId, checkoutUrl, amount: settings.extension_price };
  }

  if (await freeExtensionUsed(db, voucher.id)) throw new AppError('FREE_EXTENSION_USED');
  if (now.getTime() < voucher.expiresAt.getTime() - FREE_EXTENSION_WINDOW_DAYS * DAY_MS) {
    throw new AppError('FREE_EXTENSION_TOO_EARLY');
  }
  await db.transaction(async (tx) => {
    const locked = await lockVoucher(tx, voucher.id);
    // Checked again under the lock: two simultaneous requests extend once.
    assertExtendable(locked!, now);
    const [used] = await tx
      .select({ id: voucherEvents.id })
      .from(voucherEvents)
      .where(and(eq(voucherEvents.voucherId, voucher.id), eq(voucherEvents.reason, FREE_EXTENSION_REASON)))
      .limit(1);
    if (used) throw new AppError('FREE_EXTENSION_USED');
    const extended = await applyExtension(tx, deps, {
      voucher: locked!,
      days: settings.free_extension_days,
      actorUserId: caller.userId,
      reason: FREE_EXTENSION_REASON,
      notify: { email: user.email, name: user.firstName },
      amountPaid: null,
    });
    if (!extended) throw new AppError('VOUCHER_NOT_EXTENDABLE');
  });
  wakeOutbox();
  return { outcome: 'done', voucher: await getClientVoucher(deps, caller, voucher.id), message: M.EXTENDED };
}

/** Why an exchange is refused right now, or null. */
async function exchangeRefusal(db: Queryable, voucher: Awaited<ReturnType<typeof visibleVoucherRow>>, now: Date): Promise<AppError | null> {
  if (voucher.status === 'RESERVED') return new AppError('VOUCHER_RESERVED');
  if (voucher.status === 'EXPIRED') return new AppError('VOUCHER_EXPIRED');
  if (!isVoucherStatusIn('exchangeable', voucher.status)) return new AppError('VOUCHER_NOT_EXCHANGEABLE');
  if (voucher.expiresAt.getTime() <= now.getTime()) return new AppError('VOUCHER_EXPIRED');
  if (await exchangeBlocked(db, await voucherLineage(db, voucher))) return new AppError('EXCHANGE_ONCE');
  return null;
}

/** Boxes the voucher may be exchanged for, and what each costs (0 for an equal or cheaper box). */
export async function exchangeOptions(deps: Pick<LifeDeps, 'db' | 'now'>, caller: Caller, voucherId: string): Promise<TExchangeOptions> {
  const voucher = await visibleVoucherRow(deps.db, caller, voucherId, deps.now);
  const refusal = isVoucherHolder(voucher, caller)
    ? await exchangeRefusal(deps.db, voucher, deps.now)
    : new AppError('HOLDER_ONLY');
  const list = await deps.db
    .select()
    .from(boxes)
    .where(and(eq(boxes.active, true), ne(boxes.id, voucher.boxId)))
    .orderBy(asc(boxes.price), asc(boxes.name), asc(boxes.id));
  return {
    allowed: refusal === null,
    reason: refusal?.message ?? null,
    reasonCode: refusal?.code ?? null,
    currentPrice: voucher.faceValue,
    boxes: list.map((b) => ({
      id: b.id,
      name: b.name,
      nameAr: b.nameAr,
      imageUrl: b.imageUrl,
      category: b.category,
      price: b.price,
      validityDays: b.validityDays,
      difference: Math.max(0, b.price - voucher.faceValue),
    })),
  };
}

/**
 * docs/product/vouchers.md §10: ISSUED, DELIVERED, EXTENDED → EXCHANGED by the holder; a new voucher is issued; the price
 * difference is paid. A box of equal or lower price is exchanged now (no change is given back); a dearer
 * one costs the difference through the checkout and is exchanged once paid.
 */
export async function exchangeVoucher(
  deps: LifeDeps,
  caller: Caller,
  voucherId: string,
  input: { boxId: string; paymentMethod?: TPaymentMethod | undefined },
): Promise<TVoucherLifeResponse> {
  const { db, now } = deps;
  const voucher = await visibleVoucherRow(db, caller, voucherId, now);
  if (!isVoucherHolder(voucher, caller)) throw new AppError('HOLDER_ONLY');
  const refusal = await exchangeRefusal(db, voucher, now);
  if (refusal) throw refusal;
  if (input.boxId === voucher.boxId) throw new AppError('SAME_BOX', { field: 'boxId' });
  const [newBox] = await db.select().from(boxes).where(eq(boxes.id, input.boxId)).limit(1);
  if (!newBox || !newBox.active) throw new AppError('BOX_UNAVAILABLE', { field: 'boxId' });
  const difference = newBox.price - voucher.faceValue;
  const user = await callerRow(db, caller);

  if (difference > 0) {
    const paymentMethod = requireMethod(input.paymentMethod);
    const { orderId, checkoutUrl } = await createServiceOrder(deps, {
      kind: 'exchange',
      purchaserId: caller.userId,
      locale: user.locale,
      boxId: newBox.id,
      amount: difference,
      relatedVoucherId: voucher.id,
      recipientName: voucher.recipientName,
      recipientEmail: voucher.recipientEmail,
      recipientLocale: voucher.recipientLocale,
      senderName: voucher.senderName,
      personalMessage: voucher.personalMessage,
      paymentMethod,
      description: `Farha — échange pour « ${newBox.name} » (différence)`,
    });
    return { outcome: 'checkout', orderId, checkoutUrl, amount: difference };
  }

  const issued = await db.transaction(async (tx) => {
    const locked = await lockVoucher(tx, voucher.id);
    const again = await exchangeRefusal(tx, locked!, now);
    if (again) throw again;
    const lineage = await voucherLineage(tx, locked!);
    const purchase = await rootPurchaseOrder(tx, lineage);
    // Every voucher has its order: a free exchange is an 'exchange' order of 0 DA, paid at once.
    const order = await createFreeExchangeOrder(tx, {
      purchaserId: caller.userId,
      boxId: newBox.id,
      recipientName: locked!.recipientName,
      recipientEmail: locked!.recipientEmail,
      recipientLocale: locked!.recipientLocale,
      senderName: locked!.senderName,
      personalMessage: locked!.personalMessage,
      paymentMethod: input.paymentMethod ?? purchase?.paymentMethod ?? 'cib',
      relatedVoucherId: locked!.id,
      now,
    });
    return performExchange(tx, deps, { oldVoucher: locked!, newBox, orderId: order.id, actorUserId: caller.userId });
  });
  wakeOutbox();
  return { outcome: 'done', voucher: await getClientVoucher(deps, caller, issued.id), message: M.EXCHANGED };
}

/**
 * The buyer's refund if unused within 14 days (docs/product/refunds.md §2): the purchaser only; ISSUED, DELIVERED
 * or EXTENDED → CANCELLED through the one cancel-and-refund, which refunds every order paid for the lineage.
 */
export async function refundVoucher(deps: Pick<LifeDeps, 'db' | 'publicUrl' | 'now' | 'reservationsOf'>, caller: Caller, voucherId: string) {
  const { db, now } = deps;
  const voucher = await visibleVoucherRow(db, caller, voucherId, now);
  if (voucher.purchaserId !== caller.userId) throw new AppError('REFUND_PURCHASER_ONLY');

  const { amount } = await db.transaction((tx) =>
    cancelAndRefundVoucher(tx, {
      voucherId: voucher.id,
      by: 'purchaser',
      actorUserId: caller.userId,
      reason: 'Remboursement demandé par l’acheteur (14 jours)',
      refund: { reason: 'Coffret non utilisé, remboursement sous 14 jours', reasonCode: 'unused_box' },
      refusal: 'REFUND_NOT_UNUSED',
      // The window runs from the lineage's first purchase, checked under the lock.
      check: async (_locked, lineage, q) => {
        const purchase = await rootPurchaseOrder(q, lineage);
        if (!purchase || !(PAID_ORDER_STATUSES as readonly string[]).includes(purchase.status)) throw new AppError('REFUND_WINDOW');
        if (now.getTime() > refundDeadlineOf(purchase.paidAt ?? purchase.createdAt).getTime()) throw new AppError('REFUND_WINDOW');
      },
      dropReason: 'Voucher remboursé',
      now,
      publicUrl: deps.publicUrl,
    }),
  );
  wakeOutbox();
  return {
    voucher: await getClientVoucher(deps, caller, voucher.id),
    refund: { amount, status: 'pending' as const },
    message: M.REFUNDED,
  };
}

/** Once per voucher, after redemption; rates the box and the partner that redeemed it. */
export async function reviewVoucher(
  deps: Pick<LifeDeps, 'db' | 'now'>,
  caller: Caller,
  voucherId: string,
  input: { rating: number; comment: string | null },
) {
  const { db, now } = deps;
  const voucher = await visibleVoucherRow(db, caller, voucherId, now);
  if (!isVoucherHolder(voucher, caller) || !isVoucherStatusIn('reviewable', voucher.status)) {
    throw new AppError('REVIEW_NOT_ALLOWED');
  }
  const [existing] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.voucherId, voucher.id)).limit(1);
  if (existing) throw new AppError('REVIEW_EXISTS');
  let id: string;
  try {
    ({ id } = await recordReview(db, {
      voucherId: voucher.id,
      userId: caller.userId,
      boxId: voucher.boxId,
      partnerId: voucher.redeemedPartnerId,
      rating: input.rating,
      comment: input.comment,
      createdAt: now,
    }));
  } catch (error) {
    // reviews_voucher_key: a simultaneous second review of the same voucher.
    if (isUniqueViolation(error)) throw new AppError('REVIEW_EXISTS');
    throw error;
  }
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  return {
    review: { id: row!.id, rating: row!.rating, comment: row!.comment, createdAt: row!.createdAt.toISOString() },
    message: M.REVIEW_SAVED,
  };
}

