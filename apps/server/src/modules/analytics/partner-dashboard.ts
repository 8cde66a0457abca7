import { and, asc, avg, count, desc, eq, gte, sql } from 'drizzle-orm';
import { MINIMUM_PAYOUT_DZD, type TPartnerDashboard } from '@farha/contracts/partner';
import type { Queryable } from '../../db/client.ts';
import { offers, partnerTransactions, reviews, vouchers } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { scanSuccessRate } from '../vouchers/index.ts';
import { hasPermission, latestNotifications, type PartnerCaller } from '../partners/index.ts';
import { availableFor, payoutRefusal, pendingPayoutNet } from '../ledger/index.ts';
import { algiersDayStart, algiersHour, algiersMonthStart } from '../../lib/algiers-time.ts';

/** Below this many scans in 30 days, a "peak hour" would be noise. */
export const PEAK_HOUR_MIN_SCANS = 5;

/** The busiest two-hour window of the day, e.g. '15h-17h', from scan instants (Algiers hours). */
export function peakWindow(instants: Date[]): string | null {
  const byHour = new Array<number>(24).fill(0);
  for (const d of instants) byHour[algiersHour(d)]! += 1;
  return peakWindowOfHours(byHour);
}

/** peakWindow from the scans counted per Algiers hour (index 0 to 23). */
function peakWindowOfHours(byHour: number[]): string | null {
  if (byHour.reduce((a, b) => a + b, 0) < PEAK_HOUR_MIN_SCANS) return null;
  let best = 0;
  let bestCount = -1;
  for (let h = 0; h < 23; h++) {
    const n = byHour[h]! + byHour[h + 1]!;
    // Ties go to the window that starts with the busier hour.
    if (n > bestCount || (n === bestCount && byHour[h]! > byHour[best]!)) {
      best = h;
      bestCount = n;
    }
  }
  return `${best}h-${best + 2}h`;
}

/** Algiers is UTC+1 all year (lib/algiers-time.ts): the hour of a scan there. */
const algiersHourOf = sql<number>`extract(hour from (${partnerTransactions.createdAt} at time zone 'UTC') + interval '1 hour')::int`;

function hoursOf(rows: { hour: number; n: number }[]): number[] {
  const byHour = new Array<number>(24).fill(0);
  for (const r of rows) byHour[Number(r.hour)] = Number(r.n);
  return byHour;
}

/** The partner's dashboard (docs/product/partners.md §11), every figure from the ledger, scan attempts, reviews and notifications. */
export async function partnerDashboard(db: Queryable, caller: PartnerCaller, now: Date): Promise<TPartnerDashboard> {
  const partnerId = caller.partner.id;
  const dayStart = algiersDayStart(now);
  const monthStart = algiersMonthStart(now);
  const mine = eq(partnerTransactions.partnerId, partnerId);
  const monthByOffer = db
    .select({ offerId: partnerTransactions.offerId, scans: sql<number>`count(*)::int`.as('scans') })
    .from(partnerTransactions)
    .where(and(mine, gte(partnerTransactions.createdAt, monthStart)))
    .groupBy(partnerTransactions.offerId)
    .as('month_by_offer');

  const [[today], [month], available, rate, last, [top], recent, [rating], feed, pending] = await Promise.all([
    db.select({ n: count() }).from(partnerTransactions).where(and(mine, gte(partnerTransactions.createdAt, dayStart))),
    db
      .select({ n: count(), net: sql<number>`coalesce(sum(${partnerTransactions.netAmount}), 0)::int` })
      .from(partnerTransactions)
      .where(and(mine, gte(partnerTransactions.createdAt, monthStart))),
    availableFor(db, partnerId),
    scanSuccessRate(db, partnerId, monthStart),
    db
      .select({
        id: partnerTransactions.id,
        code: vouchers.code,
        customerName: vouchers.recipientName,
        offerTitle: offers.title,
        offerTitleAr: offers.titleAr,
        amount: partnerTransactions.grossAmount,
        at: partnerTransactions.createdAt,
      })
      .from(partnerTransactions)
      .innerJoin(vouchers, eq(vouchers.id, partnerTransactions.voucherId))
      .innerJoin(offers, eq(offers.id, partnerTransactions.offerId))
      .where(mine)
      .orderBy(desc(partnerTransactions.createdAt), desc(partnerTransactions.id))
      .limit(5),
    // Counted per offer from the summary index alone (offer_id is in it, migration 0032), then named: a large
    // partner's month is tens of thousands of scans (issue 39's ten million vouchers: 134 → a few ms).
    db
      .select({ id: offers.id, title: offers.title, titleAr: offers.titleAr, scans: monthByOffer.scans })
      .from(monthByOffer)
      .innerJoin(offers, eq(offers.id, monthByOffer.offerId))
      .orderBy(desc(monthByOffer.scans), offers.title, asc(offers.id))
      .limit(1),
    // The last 30 days' scans per Algiers hour, counted in the database rather than sent one row per scan.
    db
      .select({ hour: algiersHourOf, n: sql<number>`count(*)::int` })
      .from(partnerTransactions)
      .where(and(mine, gte(partnerTransactions.createdAt, new Date(now.getTime() - 30 * DAY_MS))))
      .groupBy(algiersHourOf),
    db.select({ avg: avg(reviews.rating), n: count() }).from(reviews).where(eq(reviews.partnerId, partnerId)),
    latestNotifications(db, caller.userId, 5),
    pendingPayoutNet(db, partnerId),
  ]);

  const isOwner = caller.memberRole === 'owner';
  // Money is for those who may see transactions (docs/product/partners.md §2, view_transactions).
  const money = <T>(value: T): T | null => (hasPermission(caller, 'view_transactions') ? value : null);
  const reviewCount = Number(rating?.n ?? 0);
  return {
    partner: { id: partnerId, name: caller.partner.name, kycStatus: caller.partner.kycStatus, active: caller.partner.active },
    scansToday: Number(today?.n ?? 0),
    monthRevenue: money(Number(month?.net ?? 0)),
    monthScans: Number(month?.n ?? 0),
    // What the payouts page shows as pending: payouts requested or being processed (issue 12).
    pendingPayout: money(pending),
    successRate: rate.attempts ? Math.round((rate.successes / rate.attempts) * 1000) / 10 : null,
    lastValidations: last.map((r) => ({
      transactionId: r.id,
      voucherCode: r.code,
      customerName: r.customerName,
      offerTitle: r.offerTitle,
      offerTitleAr: r.offerTitleAr,
      amount: money(r.amount),
      scannedAt: r.at.toISOString(),
    })),
    payout: {
      available: money(available.net),
      minimum: MINIMUM_PAYOUT_DZD,
      canRequest: isOwner && payoutRefusal(caller.partner, available.net) === null,
    },
    performance: {
      topOffer: top ? { id: top.id, title: top.title, titleAr: top.titleAr, scans: Number(top.scans) } : null,
      peakHour: peakWindowOfHours(hoursOf(recent)),
      satisfaction: reviewCount ? Math.round(Number(rating!.avg) * 10) / 10 : null,
      reviewCount,
    },
    notifications: feed.notifications,
    unreadNotifications: feed.unread,
    refreshedAt: now.toISOString(),
  };
}
