import { and, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { partners, partnerTransactions, payouts } from '../../db/schema/index.ts';
import { algiersDay, algiersMonthStart } from '../../lib/algiers-time.ts';
import type { Clock } from '../../lib/clock.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { cashCleared } from './cash-gate.ts';
import { requestPayout } from './payouts.ts';

/** The monthly cycle's proposals are made from this day of the month (docs/product/payouts.md §6). */
export const MONTHLY_PAYOUT_DAY = 5;

/**
 * The cut-off of a partner's settlement cycle at `now`, or null when its cycle proposes nothing today:
 * J+7 and J+14 settle the transactions at least 7 or 14 days old; monthly settles, from the 5th, the
 * transactions of the previous months.
 */
export function cycleCutoff(cycle: string, now: Date): Date | null {
  if (cycle === 'J+7') return new Date(now.getTime() - 7 * DAY_MS);
  if (cycle === 'J+14') return new Date(now.getTime() - 14 * DAY_MS);
  if (cycle === 'monthly') return Number(algiersDay(now).slice(8, 10)) >= MONTHLY_PAYOUT_DAY ? algiersMonthStart(now) : null;
  return null;
}

/**
 * Job (issue 12): proposes a payout (status requested, in finance's queue) for every verified, active partner
 * with an IBAN whose settlement cycle has transactions due, unless a payout of that partner is already
 * waiting (requested or processing): the next proposal comes once it is settled. The injected clock decides.
 * Partners below the minimum or otherwise refused are skipped until they qualify. Returns how many it made.
 */
export async function proposeDuePayouts(deps: { db: Db; clock: Clock }): Promise<number> {
  const now = deps.clock.now();
  // Partners with validated, unpaid transactions older than the shortest cycle (one grouped query).
  const due = await deps.db
    .select({ id: partners.id, cycle: partners.settlementCycle, oldest: sql<Date>`min(${partnerTransactions.createdAt})` })
    .from(partnerTransactions)
    .innerJoin(partners, eq(partners.id, partnerTransactions.partnerId))
    .where(
      and(
        eq(partnerTransactions.status, 'validated'),
        isNull(partnerTransactions.payoutId),
        cashCleared,
        eq(partners.kycStatus, 'verified'),
        eq(partners.active, true),
        isNotNull(partners.iban),
        lt(partnerTransactions.createdAt, new Date(now.getTime() - 7 * DAY_MS)),
      ),
    )
    .groupBy(partners.id, partners.settlementCycle);
  let made = 0;
  for (const partner of due) {
    const cutoff = cycleCutoff(partner.cycle, now);
    if (!cutoff || new Date(partner.oldest).getTime() >= cutoff.getTime()) continue;
    const [waiting] = await deps.db
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.partnerId, partner.id), inArray(payouts.status, ['requested', 'processing'])))
      .limit(1);
    if (waiting) continue;
    if (partner.cycle === 'monthly') {
      // Once a month: not again after this month's automatic proposal was settled.
      const [thisMonth] = await deps.db
        .select({ id: payouts.id })
        .from(payouts)
        .where(and(eq(payouts.partnerId, partner.id), isNull(payouts.requestedBy), gte(payouts.requestedAt, algiersMonthStart(now))))
        .limit(1);
      if (thisMonth) continue;
    }
    try {
      await requestPayout(deps.db, { partnerId: partner.id, userId: null, now, before: cutoff });
      made++;
    } catch (error) {
      // Below the minimum, or a rule of payoutRefusal: nothing to propose yet.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return made;
}
