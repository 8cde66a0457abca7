import { algiersDay, algiersDayStart, algiersInstant } from '../../lib/algiers-time.ts';
import type { Tx } from '../client.ts';
import { promoCodes, promotions } from '../schema/index.ts';
import { seedId } from './ids.ts';

/** The homepage's newsletter code (issue 35, docs/product/promotions.md §10). */
export const WELCOME_CODE = 'BIENVENUE';
export const WELCOME_PROMOTION_ID = seedId('promotion', 'bienvenue');

/**
 * docs/product/promotions.md §10: BIENVENUE, 20 % off the whole first order, once per customer (and
 * e-mail), paid by Farha, active from the seed's day until 31 January of the year after the seed's (Algiers
 * time, inclusive): the first instant refused is 1 February 00:00 in Algiers. Never a pinned year.
 */
export function welcomePromotionDates(now: Date): { startsAt: Date; endsAt: Date } {
  const year = Number(algiersDay(now).slice(0, 4));
  return { startsAt: algiersDayStart(now), endsAt: algiersInstant(`${year + 1}-02-01`) };
}

export async function seedWelcomePromotion(tx: Tx, now: Date): Promise<void> {
  const { startsAt, endsAt } = welcomePromotionDates(now);
  await tx
    .insert(promotions)
    .values({
      id: WELCOME_PROMOTION_ID,
      name: 'Bienvenue : 20 % sur le premier coffret',
      kind: 'percent',
      value: 2000,
      scope: 'order',
      startsAt,
      endsAt,
      firstPurchaseOnly: true,
      oncePerCustomer: true,
      fundedBy: 'farha',
      status: 'active',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  await tx
    .insert(promoCodes)
    .values({ id: seedId('promo_code', 'bienvenue'), promotionId: WELCOME_PROMOTION_ID, code: WELCOME_CODE, singleUse: false, createdAt: now })
    .onConflictDoNothing();
}
