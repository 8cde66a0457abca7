import { and, eq, sql, type SQL } from 'drizzle-orm';
import { foldPromoCode } from '@farha/contracts/promotions';
import { rowsOf, type Queryable, type Tx } from '../../db/client.ts';
import { orderedId } from '../../lib/ordered-id.ts';
import { orders, promoCodes, promoRedemptions, promotions, users, type PromoCodeRow, type PromotionRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { foldEmail, judge, type CustomerFacts, type EligibleLine, type QuoteLine } from './rules.ts';

export type QuoteRequest = {
  code: string;
  customerId: string;
  email: string;
  lines: readonly QuoteLine[];
  now: Date;
  /** Issue 35: a company order's company (docs/product/promotions.md §13). */
  companyId?: string | null;
};

/** What a code is worth on a basket (docs/product/promotions.md §2, §3, §4). */
export type Quote = {
  promotionId: string;
  codeId: string;
  code: string;
  /** Integer dinars, never above the eligible amount. */
  discount: number;
  eligibleAmount: number;
  subtotal: number;
  eligibleLines: EligibleLine[];
  /** The lines the quote was made for: a hold judges them again under the lock. */
  lines: readonly QuoteLine[];
};

/** docs/product/promotions.md §4: orders that make a customer no longer a first-time buyer. */
const PURCHASE_STATUSES = ['paid', 'fulfilled', 'refunded'] as const;
const PURCHASE_KINDS = ['purchase', 'basket', 'company'] as const;

/**
 * The customer's history a promotion needs, and only that: one statement of two index look-ups at most
 * (none when the promotion has neither rule).
 */
async function customerFacts(db: Queryable, promotion: PromotionRow, customerId: string, email: string): Promise<CustomerFacts> {
  if (!promotion.oncePerCustomer && !promotion.firstPurchaseOnly) return { usedBefore: false, hasPaidOrder: false };
  const folded = foldEmail(email);
  // Each side of an "or" on its own index (customer, e-mail; purchaser through the account of the e-mail).
  const used = promotion.oncePerCustomer
    ? sql`(exists (select 1 from ${promoRedemptions} r where r.promotion_id = ${promotion.id} and r.status <> 'released' and r.customer_id = ${customerId})
        or exists (select 1 from ${promoRedemptions} r where r.promotion_id = ${promotion.id} and r.status <> 'released' and r.email_folded = ${folded}))`
    : sql`false`;
  const statuses = sql.join(PURCHASE_STATUSES.map((x) => sql`${x}`), sql`, `);
  const kinds = sql.join(PURCHASE_KINDS.map((x) => sql`${x}`), sql`, `);
  const paid = promotion.firstPurchaseOnly
    ? sql`exists (select 1 from ${orders} o where o.purchaser_id in (select ${customerId}::uuid union all select u.id from ${users} u where u.email = ${folded})
          and o.status in (${statuses}) and o.kind in (${kinds}))`
    : sql`false`;
  const [row] = await rowsOf<{ used: boolean; paid: boolean }>(db, sql`select ${used} as used, ${paid} as paid`);
  return { usedBefore: Boolean(row?.used), hasPaidOrder: Boolean(row?.paid) };
}

/**
 * What `code` takes off these lines for this customer now, or the catalogue's refusal
 * (docs/product/promotions.md §4). Reads only: the checkout then calls holdRedemption in its transaction to
 * keep the use. Inside a transaction, pass the transaction (PGlite has one connection).
 */
export async function quoteDiscount(db: Queryable, request: QuoteRequest): Promise<Quote> {
  const code = foldPromoCode(request.code);
  const [row] = await db
    .select({ code: promoCodes, promotion: promotions })
    .from(promoCodes)
    .innerJoin(promotions, eq(promotions.id, promoCodes.promotionId))
    .where(eq(promoCodes.code, code))
    .limit(1);
  if (!row) throw new AppError('PROMO_UNKNOWN', { field: 'code' });
  const facts = { ...(await customerFacts(db, row.promotion, request.customerId, request.email)), companyId: request.companyId ?? null };
  return toQuote(row.promotion, row.code, request.lines, facts, request.now);
}

function toQuote(promotion: PromotionRow, code: PromoCodeRow, lines: readonly QuoteLine[], facts: CustomerFacts, now: Date): Quote {
  const judged = judge(promotion, code, lines, facts, now);
  return { promotionId: promotion.id, codeId: code.id, code: code.code, ...judged, lines };
}

export type HeldRedemption = { redemptionId: string; promotionId: string; codeId: string; discount: number; eligibleLines: EligibleLine[] };

/**
 * docs/product/promotions.md §5: keeps one use of the quoted code, in the caller's transaction. The
 * promotion's row, then the code's, are locked; every check of docs/product/promotions.md §4 runs again on what is there now (a use
 * held by a concurrent checkout counts), then the redemption is written and the counters move with it. The
 * discount held is the one judged under the lock (the quote's unless the promotion changed meanwhile).
 */
export async function holdRedemption(
  tx: Tx,
  quote: Pick<Quote, 'promotionId' | 'codeId' | 'lines'>,
  context: { orderId?: string | null; customerId: string; email: string; now: Date; companyId?: string | null },
): Promise<HeldRedemption> {
  const [promotion] = await tx.select().from(promotions).where(eq(promotions.id, quote.promotionId)).for('update');
  const [code] = await tx.select().from(promoCodes).where(eq(promoCodes.id, quote.codeId)).for('update');
  if (!promotion || !code || code.promotionId !== promotion.id) throw new AppError('PROMO_UNKNOWN', { field: 'code' });
  const facts = { ...(await customerFacts(tx, promotion, context.customerId, context.email)), companyId: context.companyId ?? null };
  const judged = judge(promotion, code, quote.lines, facts, context.now);
  // The use and the counters that count it, in one statement (the CHECKs of the schema refuse an overspend).
  const id = orderedId();
  await tx.execute(sql`with added as (
      insert into ${promoRedemptions} (id, code_id, promotion_id, order_id, customer_id, email_folded, discount, partner_share_bp, status, created_at, updated_at)
      values (${id}, ${code.id}, ${promotion.id}, ${context.orderId ?? null}, ${context.customerId}, ${foldEmail(context.email)}, ${judged.discount},
        ${promotion.partnerShareBp}, 'held', ${context.now.toISOString()}::timestamptz, ${context.now.toISOString()}::timestamptz)
      returning 1),
    counted as (update ${promotions} set used_uses = used_uses + 1, used_dzd = used_dzd + ${judged.discount} where id = ${promotion.id} returning 1)
    update ${promoCodes} set used_count = used_count + 1 where id = ${code.id}`);
  return { redemptionId: id, promotionId: promotion.id, codeId: code.id, discount: judged.discount, eligibleLines: judged.eligibleLines };
}

/** Ties a use held before the order existed to the order (one live code per order). */
export async function attachRedemption(tx: Tx, redemptionId: string, orderId: string, now: Date): Promise<void> {
  await tx
    .update(promoRedemptions)
    .set({ orderId, updatedAt: now })
    .where(and(eq(promoRedemptions.id, redemptionId), eq(promoRedemptions.status, 'held')));
}

/** docs/product/promotions.md §5: the order is paid; its held use is now spent for good. Answers how many moved. */
export async function confirmRedemption(tx: Tx, orderId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(promoRedemptions)
    .set({ status: 'confirmed', confirmedAt: now, updatedAt: now })
    .where(and(eq(promoRedemptions.orderId, orderId), eq(promoRedemptions.status, 'held')))
    .returning({ id: promoRedemptions.id });
  return rows.length;
}

/**
 * docs/product/promotions.md §5: the payment failed or expired; the use and its dinars go back to the
 * promotion and the code. Under the same locks as a hold, and only from `held` (a second release, or one
 * racing it, gives nothing back twice). Answers how many were released.
 */
export async function releaseRedemption(tx: Tx, orderId: string, now: Date): Promise<number> {
  return releaseWhere(tx, eq(promoRedemptions.orderId, orderId), now);
}

/**
 * Issue 35 (docs/product/promotions.md §13): a company order's use is held before any payment order exists (a
 * bank transfer never has one): it is confirmed when the transfer is recorded, and given back by its id when
 * the order is canceled.
 */
export async function releaseRedemptionById(tx: Tx, redemptionId: string, now: Date): Promise<number> {
  return releaseWhere(tx, eq(promoRedemptions.id, redemptionId), now);
}

export async function confirmRedemptionById(tx: Tx, redemptionId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(promoRedemptions)
    .set({ status: 'confirmed', confirmedAt: now, updatedAt: now })
    .where(and(eq(promoRedemptions.id, redemptionId), eq(promoRedemptions.status, 'held')))
    .returning({ id: promoRedemptions.id });
  return rows.length;
}

async function releaseWhere(tx: Tx, which: SQL, now: Date): Promise<number> {
  const live = await tx
    .select({ id: promoRedemptions.id, promotionId: promoRedemptions.promotionId, codeId: promoRedemptions.codeId })
    .from(promoRedemptions)
    .where(and(which, eq(promoRedemptions.status, 'held')));
  let released = 0;
  for (const r of live) {
    await tx.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, r.promotionId)).for('update');
    await tx.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.id, r.codeId)).for('update');
    const [row] = await tx
      .update(promoRedemptions)
      .set({ status: 'released', releasedAt: now, updatedAt: now })
      .where(and(eq(promoRedemptions.id, r.id), eq(promoRedemptions.status, 'held')))
      .returning({ discount: promoRedemptions.discount });
    if (!row) continue;
    await tx
      .update(promotions)
      .set({ usedUses: sql`${promotions.usedUses} - 1`, usedDzd: sql`${promotions.usedDzd} - ${row.discount}` })
      .where(eq(promotions.id, r.promotionId));
    await tx
      .update(promoCodes)
      .set({ usedCount: sql`${promoCodes.usedCount} - 1` })
      .where(eq(promoCodes.id, r.codeId));
    released += 1;
  }
  return released;
}
