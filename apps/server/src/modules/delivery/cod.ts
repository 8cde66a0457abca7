import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { COD_MAX_ATTEMPTS, COD_MAX_RESENDS, COD_RESEND_SECONDS, type TCashConfirmationState } from '@farha/contracts/delivery';
import { formatPhone } from '@farha/contracts/sms';
import type { Db, Queryable } from '../../db/client.ts';
import { codConfirmations, orders, type CodConfirmationRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueueSms, wakeOutbox } from '../notifications/index.ts';
import { confirmCashOrder, expireCashOrder, expireUnconfirmedCashOrders, lockOrder } from '../payments/index.ts';
import { cachedSettings } from '../settings/index.ts';
import { issuePhysicalVoucher } from '../vouchers/index.ts';
import { attachVoucher, shipmentOfOrder } from './shipments.ts';
import { codCodeSms } from './texts.ts';

/**
 * Issue 38 (docs/product/delivery.md §3): a cash order is shipped only once the buyer typed the 6-digit code texted
 * to the delivery mobile — the fake orders that plague cash on delivery are never prepared. The code lives
 * `delivery.cod_code_minutes`; 5 wrong tries refuse the order; « Renvoyer le code » at most once a minute and 3
 * times. Only the code's hash is kept (sha256 of the order and the code).
 */

const hashOf = (orderId: string, code: string) => createHash('sha256').update(`${orderId}|${code}`).digest('hex');
const drawCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** The first code, in the order's transaction. */
export async function issueCodCode(tx: Queryable, input: { orderId: string; phone: string; locale: 'fr' | 'ar'; amount: number; requestedBy: string; now: Date }): Promise<void> {
  const { cod_code_minutes: minutes } = await cachedSettings(tx, 'delivery');
  const code = drawCode();
  await tx.insert(codConfirmations).values({ orderId: input.orderId, codeHash: hashOf(input.orderId, code), expiresAt: new Date(input.now.getTime() + minutes * 60_000), lastSentAt: input.now });
  await enqueueSms(tx, { to: input.phone, body: codCodeSms({ locale: input.locale, code, minutes, amount: input.amount }), kind: 'cod-code', locale: input.locale, now: input.now, requestedBy: input.requestedBy, source: 'customer' });
}

type Caller = { userId: string; orderId: string; now: Date };

/** The buyer's own cash order and its confirmation, locked (ORDER_NOT_FOUND for anyone else's, any other order). */
async function ownCashOrder(tx: Queryable, caller: Caller) {
  const order = await lockOrder(tx, caller.orderId);
  if (!order || order.purchaserId !== caller.userId || order.paymentMethod !== 'cash') throw new AppError('ORDER_NOT_FOUND');
  const [confirmation] = await tx.select().from(codConfirmations).where(eq(codConfirmations.orderId, order.id)).for('update');
  if (!confirmation) throw new AppError('ORDER_NOT_FOUND');
  return { order, confirmation };
}

type Verdict = { ok: true } | { ok: false; error: AppError };

/**
 * POST /api/client/orders/:id/cash-confirmation: the right code confirms the order (→ cash_pending), issues its voucher
 * AWAITING_DELIVERY and puts the shipment on the board (À préparer). A wrong try is counted even though it answers an
 * error (the count is committed first). Typing the right code again answers the same.
 */
export async function confirmCodCode(db: Db, caller: Caller & { code: string }): Promise<{ status: 'cash_pending' }> {
  const verdict = await db.transaction(async (tx): Promise<Verdict> => {
    const { order, confirmation } = await ownCashOrder(tx, caller);
    if (order.status === 'cash_pending' || (order.status === 'paid' && confirmation.confirmedAt)) return { ok: true };
    if (confirmation.attempts >= COD_MAX_ATTEMPTS) return { ok: false, error: new AppError('COD_TOO_MANY_TRIES') };
    if (order.status !== 'awaiting_confirmation') return { ok: false, error: new AppError('ORDER_NOT_AWAITING_CONFIRMATION') };
    if (confirmation.expiresAt.getTime() <= caller.now.getTime()) return { ok: false, error: new AppError('COD_CODE_EXPIRED', { field: 'code' }) };
    const given = Buffer.from(hashOf(order.id, caller.code));
    if (!timingSafeEqual(given, Buffer.from(confirmation.codeHash))) {
      const attempts = confirmation.attempts + 1;
      await tx.update(codConfirmations).set({ attempts }).where(eq(codConfirmations.orderId, order.id));
      if (attempts >= COD_MAX_ATTEMPTS) {
        // Five wrong codes: the order is refused for good, nothing is shipped (docs/product/delivery.md §3).
        await expireCashOrder(tx, order.id, caller.now);
        return { ok: false, error: new AppError('COD_TOO_MANY_TRIES', { field: 'code' }) };
      }
      return { ok: false, error: new AppError('COD_CODE_WRONG', { field: 'code', params: { left: COD_MAX_ATTEMPTS - attempts } }) };
    }
    const confirmed = await confirmCashOrder(tx, order.id, caller.now);
    if (!confirmed) return { ok: false, error: new AppError('ORDER_NOT_AWAITING_CONFIRMATION') };
    await tx.update(codConfirmations).set({ confirmedAt: caller.now }).where(eq(codConfirmations.orderId, order.id));
    const voucher = await issuePhysicalVoucher(tx, confirmed, caller.now);
    await attachVoucher(tx, order.id, voucher.id, caller.now);
    return { ok: true };
  });
  if (!verdict.ok) throw verdict.error;
  return { status: 'cash_pending' };
}

/** POST …/cash-confirmation/resend: a new code (the old one stops working), once a minute, three times at most. */
export async function resendCodCode(db: Db, caller: Caller): Promise<{ expiresAt: string; resendsLeft: number }> {
  const answer = await db.transaction(async (tx) => {
    const { order, confirmation } = await ownCashOrder(tx, caller);
    if (order.status !== 'awaiting_confirmation') throw new AppError('ORDER_NOT_AWAITING_CONFIRMATION');
    if (confirmation.attempts >= COD_MAX_ATTEMPTS) throw new AppError('COD_TOO_MANY_TRIES');
    if (confirmation.sends >= COD_MAX_RESENDS) throw new AppError('COD_RESEND_LIMIT');
    if (caller.now.getTime() - confirmation.lastSentAt.getTime() < COD_RESEND_SECONDS * 1000) throw new AppError('COD_RESEND_TOO_SOON');
    const shipment = await shipmentOfOrder(tx, order.id);
    if (!shipment) throw new AppError('ORDER_NOT_FOUND');
    const { cod_code_minutes: minutes } = await cachedSettings(tx, 'delivery');
    const code = drawCode();
    const expiresAt = new Date(caller.now.getTime() + minutes * 60_000);
    await tx
      .update(codConfirmations)
      .set({ codeHash: hashOf(order.id, code), expiresAt, sends: confirmation.sends + 1, lastSentAt: caller.now })
      .where(and(eq(codConfirmations.orderId, order.id), eq(codConfirmations.sends, confirmation.sends)));
    // A resend is the platform's (the buyer's first text counted against their limits at checkout).
    await enqueueSms(tx, { to: shipment.phone, body: codCodeSms({ locale: shipment.locale, code, minutes, amount: order.amount }), kind: 'cod-code', locale: shipment.locale, now: caller.now, source: 'platform' });
    return { expiresAt: expiresAt.toISOString(), resendsLeft: COD_MAX_RESENDS - confirmation.sends - 1 };
  });
  wakeOutbox();
  return answer;
}

/** `+213 5•• •• •• 78`: enough for the buyer to recognise the number. */
export function maskPhone(e164: string): string {
  const shown = formatPhone(e164);
  const digits = shown.replace(/[^\d]/g, '').length;
  let seen = 0;
  return shown.replace(/\d/g, (d) => {
    seen++;
    return seen <= 4 || seen > digits - 2 ? d : '•';
  });
}

/** GET …/cash-confirmation: the confirmation page's state. */
export async function codState(db: Db, caller: Caller): Promise<TCashConfirmationState> {
  const [row] = await db
    .select({ order: orders, confirmation: codConfirmations })
    .from(orders)
    .innerJoin(codConfirmations, eq(codConfirmations.orderId, orders.id))
    .where(and(eq(orders.id, caller.orderId), eq(orders.purchaserId, caller.userId)))
    .limit(1);
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  const shipment = await shipmentOfOrder(db, row.order.id);
  const c: CodConfirmationRow = row.confirmation;
  return {
    orderStatus: row.order.status,
    phoneMasked: shipment ? maskPhone(shipment.phone) : '',
    expiresAt: c.expiresAt.toISOString(),
    attemptsLeft: Math.max(0, COD_MAX_ATTEMPTS - c.attempts),
    resendsLeft: Math.max(0, COD_MAX_RESENDS - c.sends),
    resendAvailableAt: new Date(c.lastSentAt.getTime() + COD_RESEND_SECONDS * 1000).toISOString(),
    amount: row.order.amount,
  };
}

/** The job: cash orders still unconfirmed after `delivery.unconfirmed_hours` expire; nothing is shipped. */
export async function expireUnconfirmedCodOrders(db: Db, now: Date): Promise<number> {
  const { unconfirmed_hours: hours } = await cachedSettings(db, 'delivery');
  const expired = await db.transaction((tx) => expireUnconfirmedCashOrders(tx, new Date(now.getTime() - hours * 3_600_000), now));
  return expired.length;
}
