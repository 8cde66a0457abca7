import { formatDzd } from '@farha/contracts/money';
import type { TProductLine } from '@farha/contracts/catalog';
import type { PromoCodeRow, PromotionRow } from '../../db/schema/index.ts';
import { algiersDateTime } from '../../lib/algiers-time.ts';
import { AppError } from '../../lib/errors.ts';

/** One gift of the basket, at the price the buyer is shown (integer dinars). */
export type QuoteLine = { boxId: string; category: TProductLine | string; price: number };
/** An eligible line and its part of the discount (docs/product/promotions.md §2). */
export type EligibleLine = { index: number; boxId: string; price: number; discount: number };

/** What the customer's history says, read before judging (docs/product/promotions.md §4). */
export type CustomerFacts = {
  usedBefore: boolean;
  hasPaidOrder: boolean;
  /** Issue 35: the company a company order is for (docs/product/promotions.md §13); absent for a customer. */
  companyId?: string | null | undefined;
};

export type Judged = { discount: number; eligibleAmount: number; subtotal: number; eligibleLines: EligibleLine[] };

/**
 * docs/product/promotions.md §2: a percentage is `round(eligible × bp / 10000)`, half a dinar up (the
 * company discount's rule, docs/product/money.md §10), in integer arithmetic; a fixed amount is its value;
 * either is capped at the eligible amount.
 */
export function discountOf(kind: PromotionRow['kind'], value: number, eligibleAmount: number): number {
  const raw = kind === 'percent' ? Math.floor((eligibleAmount * value + 5000) / 10_000) : value;
  return Math.max(0, Math.min(raw, eligibleAmount));
}

/**
 * docs/product/promotions.md §2: the discount shared between the eligible lines in proportion to their
 * prices, by largest remainder (ties to the earlier line), so that the parts add up to the discount exactly.
 */
export function allocate(discount: number, lines: readonly { price: number }[]): number[] {
  const total = lines.reduce((s, l) => s + l.price, 0);
  if (total === 0) return lines.map(() => 0);
  const parts = lines.map((l, i) => ({ i, floor: Math.floor((discount * l.price) / total), rest: (discount * l.price) % total }));
  let left = discount - parts.reduce((s, p) => s + p.floor, 0);
  const byRest = [...parts].sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const p of byRest) {
    if (left <= 0) break;
    p.floor += 1;
    left -= 1;
  }
  return parts.map((p) => p.floor);
}

/** docs/product/promotions.md §3: which lines a promotion applies to. */
export function isEligible(promotion: Pick<PromotionRow, 'scope' | 'productLines' | 'boxIds'>, line: QuoteLine): boolean {
  if (promotion.scope === 'order') return true;
  if (promotion.scope === 'product_lines') return (promotion.productLines as readonly string[]).includes(line.category);
  return promotion.boxIds.includes(line.boxId);
}

/**
 * The checks of docs/product/promotions.md §4, in their order: the first that fails is the buyer's answer.
 * Pure: the caller reads the rows (under lock when it holds a use) and the customer's facts.
 */
export function judge(promotion: PromotionRow, code: PromoCodeRow, lines: readonly QuoteLine[], facts: CustomerFacts, now: Date): Judged {
  if (promotion.status === 'draft') throw new AppError('PROMO_UNKNOWN', { field: 'code' });
  if (promotion.status === 'paused') throw new AppError('PROMO_PAUSED', { field: 'code' });
  if (promotion.status === 'ended' || (promotion.endsAt && now.getTime() >= promotion.endsAt.getTime())) throw new AppError('PROMO_EXPIRED', { field: 'code' });
  if (now.getTime() < promotion.startsAt.getTime()) throw new AppError('PROMO_NOT_STARTED', { field: 'code', params: { start: algiersDateTime(promotion.startsAt) } });
  // docs/product/promotions.md §13: a company order takes only a promotion open to all companies or to its own.
  if (facts.companyId && !(promotion.companies === 'all' || (promotion.companies === 'chosen' && promotion.companyIds.includes(facts.companyId)))) {
    throw new AppError('PROMO_NOT_FOR_COMPANIES', { field: 'code' });
  }
  const usesLeft = Math.min(...[promotion.usageLimit, promotion.budgetUses].map((limit) => (limit === null ? Infinity : limit - promotion.usedUses)));
  if (usesLeft <= 0 || (promotion.budgetDzd !== null && promotion.usedDzd >= promotion.budgetDzd)) throw new AppError('PROMO_EXHAUSTED', { field: 'code' });
  if (code.singleUse && code.usedCount > 0) throw new AppError('PROMO_ALREADY_USED', { field: 'code' });
  if (promotion.oncePerCustomer && facts.usedBefore) throw new AppError('PROMO_ALREADY_USED', { field: 'code' });
  if (promotion.firstPurchaseOnly && facts.hasPaidOrder) throw new AppError('PROMO_FIRST_PURCHASE', { field: 'code' });

  const eligible = lines.map((line, index) => ({ line, index })).filter(({ line }) => isEligible(promotion, line));
  const eligibleAmount = eligible.reduce((s, e) => s + e.line.price, 0);
  if (eligible.length === 0 || eligibleAmount <= 0) throw new AppError('PROMO_NOT_APPLICABLE', { field: 'code' });
  const subtotal = lines.reduce((s, l) => s + l.price, 0);
  if (subtotal < promotion.minAmount) throw new AppError('PROMO_MIN_AMOUNT', { field: 'code', params: { min: formatDzd(promotion.minAmount) } });

  const discount = discountOf(promotion.kind, promotion.value, eligibleAmount);
  if (discount <= 0) throw new AppError('PROMO_NOT_APPLICABLE', { field: 'code' });
  // A budget in dinars is never exceeded: a discount that would go past it is refused, not cut (docs/product/promotions.md §4, step 11).
  if (promotion.budgetDzd !== null && promotion.usedDzd + discount > promotion.budgetDzd) throw new AppError('PROMO_EXHAUSTED', { field: 'code' });
  const parts = allocate(
    discount,
    eligible.map((e) => e.line),
  );
  return {
    discount,
    eligibleAmount,
    subtotal,
    eligibleLines: eligible.map((e, i) => ({ index: e.index, boxId: e.line.boxId, price: e.line.price, discount: parts[i]! })),
  };
}

/** E-mails are compared trimmed and lower-cased, as accounts are. */
export const foldEmail = (email: string) => email.trim().toLowerCase();
