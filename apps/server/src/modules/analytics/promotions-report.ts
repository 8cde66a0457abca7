import { Readable } from 'node:stream';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TPromotionReport, TPromotionReportQuery, TPromotionReportRow } from '@farha/contracts/finance-reports';
import { rowsOf, type Queryable } from '../../db/client.ts';
import { promoCodes, promotions } from '../../db/schema/index.ts';
import { csvChunks } from '../../lib/csv.ts';
import { AppError } from '../../lib/errors.ts';
import { daysOf, percentOf, reportPeriod, type ReportPeriod } from './report-period.ts';

/**
 * Finance's figures of promo codes over a period (docs/product/promotions.md §14), read from the uses the
 * checkouts keep (promo_redemptions):
 * - the cost: uses **paid** in the period (status confirmed, by `confirmed_at`, the payment's instant, Algiers
 *   day) — one use is one order with the code (a basket is one order); index promo_redemptions_confirmed_idx
 *   (confirmed_at, promotion_id) where status = 'confirmed';
 * - the conversion: uses **held** in the period (an order created with the code, by `created_at`) and what
 *   became of them; index promo_redemptions_created_idx (created_at, promotion_id). A quote (« Appliquer »)
 *   keeps nothing, so it is not counted.
 */

type Query = Omit<TPromotionReportQuery, 'page' | 'pageSize'> & { page: number; pageSize: number };

const paidFilter = (period: ReportPeriod, promotionId: string | undefined) =>
  sql`status = 'confirmed' and confirmed_at >= ${period.start.toISOString()} and confirmed_at < ${period.end.toISOString()}${promotionId ? sql` and promotion_id = ${promotionId}` : sql``}`;

/** The partners' part of a use, half a dinar up (docs/product/promotions.md §9). */
const partnerPart = sql`(discount::bigint * partner_share_bp + 5000) / 10000`;

type Conversion = TPromotionReportRow['conversion'];
const conversionOf = (c: { attempts: number; paid: number; released: number; pending: number }): Conversion => ({ ...c, conversion: percentOf(c.paid, c.attempts) });

export async function promotionReport(db: Queryable, input: { now: Date; query: Query }): Promise<TPromotionReport> {
  const period = reportPeriod(input.now, input.query);
  const promotionId = input.query.promotionId;
  if (promotionId) {
    const [exists] = await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, promotionId));
    if (!exists) throw new AppError('PROMOTION_NOT_FOUND');
  }
  const [days, paid, attempts] = await Promise.all([
    rowsOf<{ day: string; n: number; discount: string | number; partner: string | number }>(
      db,
      sql`select to_char(confirmed_at at time zone 'Africa/Algiers', 'YYYY-MM-DD') as day, count(*)::int as n,
                 sum(discount)::bigint as discount, sum(${partnerPart})::bigint as partner
          from promo_redemptions where ${paidFilter(period, promotionId)} group by 1`,
    ),
    rowsOf<{ id: string; n: number; discount: string | number; partner: string | number }>(
      db,
      sql`select promotion_id as id, count(*)::int as n, sum(discount)::bigint as discount, sum(${partnerPart})::bigint as partner
          from promo_redemptions where ${paidFilter(period, promotionId)} group by promotion_id`,
    ),
    rowsOf<{ id: string; attempts: number; paid: number; released: number; pending: number }>(
      db,
      sql`select promotion_id as id, count(*)::int as attempts,
                 (count(*) filter (where status = 'confirmed'))::int as paid,
                 (count(*) filter (where status = 'released'))::int as released,
                 (count(*) filter (where status = 'held'))::int as pending
          from promo_redemptions
          where created_at >= ${period.start.toISOString()} and created_at < ${period.end.toISOString()}${promotionId ? sql` and promotion_id = ${promotionId}` : sql``}
          group by promotion_id`,
    ),
  ]);

  const byDayMap = new Map(days.map((d) => [d.day, d]));
  const byDay = daysOf(period).map((day) => {
    const d = byDayMap.get(day);
    return { day, orders: Number(d?.n ?? 0), discount: Number(d?.discount ?? 0), partnerFunded: Number(d?.partner ?? 0) };
  });

  // The promotions with activity in the period (few: one row per promotion), the costliest first.
  const ids = new Set<string>([...paid.map((p) => p.id), ...attempts.map((a) => a.id)]);
  if (promotionId) ids.add(promotionId);
  const paidOf = new Map(paid.map((p) => [p.id, p]));
  const attemptsOf = new Map(attempts.map((a) => [a.id, a]));
  const ranked = [...ids]
    .map((id) => ({ id, discount: Number(paidOf.get(id)?.discount ?? 0) }))
    .sort((a, b) => b.discount - a.discount || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const { page, pageSize } = input.query;
  const pageIds = ranked.slice((page - 1) * pageSize, page * pageSize).map((r) => r.id);
  const [rows, codes] = await Promise.all([
    pageIds.length ? db.select().from(promotions).where(inArray(promotions.id, pageIds)) : Promise.resolve([]),
    publicCodesOf(db, pageIds),
  ]);
  const rowOf = new Map(rows.map((r) => [r.id, r]));
  const items: TPromotionReportRow[] = pageIds.flatMap((id) => {
    const p = rowOf.get(id);
    if (!p) return [];
    const money = paidOf.get(id);
    const a = attemptsOf.get(id);
    return [
      {
        promotionId: id,
        name: p.name,
        status: p.status,
        publicCode: codes.get(id) ?? null,
        fundedBy: p.fundedBy,
        orders: Number(money?.n ?? 0),
        discount: Number(money?.discount ?? 0),
        partnerFunded: Number(money?.partner ?? 0),
        conversion: conversionOf({ attempts: Number(a?.attempts ?? 0), paid: Number(a?.paid ?? 0), released: Number(a?.released ?? 0), pending: Number(a?.pending ?? 0) }),
        budget: { dzd: p.budgetDzd, usedDzd: p.usedDzd, uses: p.budgetUses, usedUses: p.usedUses, usageLimit: p.usageLimit },
      },
    ];
  });

  const sum = <T>(list: readonly T[], of: (x: T) => number) => list.reduce((s, x) => s + of(x), 0);
  return {
    from: period.from,
    to: period.to,
    promotionId: promotionId ?? null,
    totals: {
      orders: sum(byDay, (d) => d.orders),
      discount: sum(byDay, (d) => d.discount),
      partnerFunded: sum(byDay, (d) => d.partnerFunded),
      conversion: conversionOf({
        attempts: sum(attempts, (a) => Number(a.attempts)),
        paid: sum(attempts, (a) => Number(a.paid)),
        released: sum(attempts, (a) => Number(a.released)),
        pending: sum(attempts, (a) => Number(a.pending)),
      }),
    },
    byDay,
    promotions: { items, total: ranked.length, page, pageSize },
  };
}

/** Each promotion's public code (not single-use), its first one. */
async function publicCodesOf(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ promotionId: promoCodes.promotionId, code: promoCodes.code })
    .from(promoCodes)
    .where(and(inArray(promoCodes.promotionId, ids), eq(promoCodes.singleUse, false)))
    .orderBy(asc(promoCodes.createdAt), asc(promoCodes.code));
  const map = new Map<string, string>();
  for (const r of rows) if (!map.has(r.promotionId)) map.set(r.promotionId, r.code);
  return map;
}

export const PROMOTION_REPORT_CSV_HEADER = ['jour', 'promotion', 'code', 'commande', 'remise_dzd', 'part_partenaires_dzd', 'paye_le'] as const;
const CSV_PAGE = 5_000;

/**
 * The period's paid uses, one row per order with a code (day, promotion, code, order, discount, partners'
 * part, instant paid), oldest first with the use's id breaking ties, read by keyset pages over
 * promo_redemptions_confirmed_idx in bounded memory, as CSV for French spreadsheets (docs/product/money.md §5).
 */
export async function promotionReportCsv(db: Queryable, input: { now: Date; query: { from?: string | undefined; to?: string | undefined; promotionId?: string | undefined } }): Promise<{ period: ReportPeriod; csv: Readable }> {
  const period = reportPeriod(input.now, input.query);
  const promotionId = input.query.promotionId;
  if (promotionId) {
    const [exists] = await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, promotionId));
    if (!exists) throw new AppError('PROMOTION_NOT_FOUND');
  }
  type Row = { id: string; confirmed_at: string | Date; day: string; name: string; code: string; order_id: string | null; discount: number; partner: string | number; paid: string };
  async function* pages() {
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const cursor: { at: string; id: string } | null = after;
      const rows: Row[] = await rowsOf<Row>(
        db,
        sql`select r.id, r.confirmed_at, to_char(r.confirmed_at at time zone 'Africa/Algiers', 'YYYY-MM-DD') as day,
                   to_char(r.confirmed_at at time zone 'Africa/Algiers', 'DD/MM/YYYY HH24:MI') as paid,
                   p.name, c.code, coalesce(r.order_id, co.id) as order_id, r.discount, (r.discount::bigint * r.partner_share_bp + 5000) / 10000 as partner
            from promo_redemptions r
            join promotions p on p.id = r.promotion_id
            join promo_codes c on c.id = r.code_id
            -- A company order's use names no order row: the company order keeps it (docs/product/companies.md).
            left join company_orders co on r.order_id is null and co.promo_redemption_id = r.id
            where r.status = 'confirmed' and r.confirmed_at >= ${period.start.toISOString()} and r.confirmed_at < ${period.end.toISOString()}
              ${promotionId ? sql`and r.promotion_id = ${promotionId}` : sql``}
              ${cursor ? sql`and (r.confirmed_at, r.id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
            order by r.confirmed_at, r.id
            limit ${CSV_PAGE}`,
      );
      if (rows.length === 0) return;
      yield rows.map((r) => [r.day, r.name, r.code, r.order_id ? r.order_id.slice(0, 8).toUpperCase() : '', Number(r.discount), Number(r.partner), r.paid]);
      if (rows.length < CSV_PAGE) return;
      const last: Row = rows.at(-1)!;
      after = { at: new Date(last.confirmed_at).toISOString(), id: last.id };
    }
  }
  return { period, csv: Readable.from(csvChunks(PROMOTION_REPORT_CSV_HEADER, pages())) };
}
