import { eq } from 'drizzle-orm';
import type { TCompanyQuote } from '@farha/contracts/company';
import type { Queryable, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { holdRedemption, quoteDiscount, type QuoteLine } from '../promotions/index.ts';
import type { ValidLine } from './rows.ts';

/**
 * Issue 35 (docs/product/promotions.md §13): a company order takes a promo code when a promotion opens it to
 * companies (all of them, or this one). The code is judged like a customer's (its dates, limits, budget, scope,
 * « once per customer » and « first purchase » for the buyer who orders) on one line per recipient at the box's
 * price; its discount comes after the volume discount, and an order it would make free is refused
 * (PROMO_NOT_APPLICABLE, as a gift made free is). Refusals land on the form's `promoCode` field.
 */

const linesOf = (valid: readonly Pick<ValidLine, 'box'>[]): QuoteLine[] => valid.map(({ box }) => ({ boxId: box.id, category: box.category, price: box.price }));

async function buyerEmail(db: Queryable, userId: string): Promise<string> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user.email;
}

/** The refusal of the code on the company form's field. */
function onField(error: unknown): never {
  if (error instanceof AppError && error.code.startsWith('PROMO_')) throw new AppError(error.code, { field: 'promoCode', params: error.params });
  throw error;
}

function assertSomethingLeft(quote: TCompanyQuote, discount: number) {
  if (discount >= quote.total) throw new AppError('PROMO_NOT_APPLICABLE', { field: 'promoCode' });
}

/** The page's quote with the code (reads only): the volume quote and the code's discount. */
export async function quoteCompanyPromo(
  db: Queryable,
  input: { userId: string; companyId: string; code: string; valid: readonly Pick<ValidLine, 'box'>[]; quote: TCompanyQuote; now: Date },
): Promise<TCompanyQuote> {
  try {
    const email = await buyerEmail(db, input.userId);
    const q = await quoteDiscount(db, { code: input.code, customerId: input.userId, email, lines: linesOf(input.valid), now: input.now, companyId: input.companyId });
    assertSomethingLeft(input.quote, q.discount);
    return { ...input.quote, promo: { code: q.code, discount: q.discount }, total: input.quote.total - q.discount };
  } catch (error) {
    onField(error);
  }
}

/** In the order's transaction: the code judged again under the promotion's lock and one use held (no order yet). */
export async function holdCompanyPromo(
  tx: Tx,
  input: { userId: string; companyId: string; code: string; valid: readonly Pick<ValidLine, 'box'>[]; quote: TCompanyQuote; now: Date },
): Promise<{ redemptionId: string; code: string; discount: number }> {
  try {
    const email = await buyerEmail(tx, input.userId);
    const lines = linesOf(input.valid);
    const quote = await quoteDiscount(tx, { code: input.code, customerId: input.userId, email, lines, now: input.now, companyId: input.companyId });
    const held = await holdRedemption(tx, quote, { customerId: input.userId, email, now: input.now, companyId: input.companyId });
    assertSomethingLeft(input.quote, held.discount);
    return { redemptionId: held.redemptionId, code: quote.code, discount: held.discount };
  } catch (error) {
    onField(error);
  }
}
