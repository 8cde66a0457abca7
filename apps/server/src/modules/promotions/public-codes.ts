import { and, eq } from 'drizzle-orm';
import { foldPromoCode, type TPromotionKind, type TPromotionStatus } from '@farha/contracts/promotions';
import type { Queryable } from '../../db/client.ts';
import { promoCodes, promotions } from '../../db/schema/index.ts';

/** What the homepage and the newsletter's e-mail say of a public code's promotion (docs/product/promotions.md §10). */
export type PublicPromotion = {
  promotionId: string;
  code: string;
  kind: TPromotionKind;
  /** Basis points for a percentage, dinars for a fixed amount. */
  value: number;
  status: TPromotionStatus;
  startsAt: Date;
  endsAt: Date | null;
  firstPurchaseOnly: boolean;
  oncePerCustomer: boolean;
};

/** The promotion whose public (not single-use) code is `code`, typed in any case; null when there is none. */
export async function findPublicPromotion(db: Queryable, code: string): Promise<PublicPromotion | null> {
  const folded = foldPromoCode(code);
  if (!folded) return null;
  const [row] = await db
    .select({
      promotionId: promotions.id,
      code: promoCodes.code,
      kind: promotions.kind,
      value: promotions.value,
      status: promotions.status,
      startsAt: promotions.startsAt,
      endsAt: promotions.endsAt,
      firstPurchaseOnly: promotions.firstPurchaseOnly,
      oncePerCustomer: promotions.oncePerCustomer,
    })
    .from(promoCodes)
    .innerJoin(promotions, eq(promotions.id, promoCodes.promotionId))
    .where(and(eq(promoCodes.code, folded), eq(promoCodes.singleUse, false)))
    .limit(1);
  return row ?? null;
}

/** Whether buyers can use the promotion now: active, started, not yet ended (docs/product/promotions.md §4, §7). */
export function isPromotionLive(p: Pick<PublicPromotion, 'status' | 'startsAt' | 'endsAt'>, now: Date): boolean {
  return p.status === 'active' && p.startsAt.getTime() <= now.getTime() && (p.endsAt === null || now.getTime() < p.endsAt.getTime());
}
