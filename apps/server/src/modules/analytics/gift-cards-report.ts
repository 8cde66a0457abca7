import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { TGiftCardFlows, TGiftCardReport } from '@farha/contracts/finance-reports';
import { rowsOf, type Queryable } from '../../db/client.ts';
import { csvChunks, toCsv } from '../../lib/csv.ts';
import { daysOf, reportPeriod, type ReportPeriod } from './report-period.ts';

/**
 * Finance's figures of gift cards over a period (docs/product/gift-cards.md §10), read from the movements the
 * cards' engine writes with every change of a balance (gift_card_movements, signed dinars), by their
 * `created_at`, Algiers day; index gift_card_movements_created_idx (created_at, id) reads the period's rows only.
 * Every balance moves only with a movement, so the cards' balances add up to the sum of all movements: the
 * outstanding balance at the period's end is Σ balance now − Σ movements since that end (the index again), and
 * the opening one that less the period's movements.
 */

type Period = { from?: string | undefined; to?: string | undefined };

const emptyFlows = (): TGiftCardFlows => ({
  sold: { count: 0, amount: 0 },
  goodwill: { count: 0, amount: 0 },
  spent: { count: 0, amount: 0 },
  pending: 0,
  refunded: { count: 0, amount: 0 },
  expired: { count: 0, amount: 0 },
});

type FlowRow = { day: string; kind: string; goodwill: boolean; n: number; cards: number; amount: string | number };

/** One group of movements into a day's flows (amounts as positive dinars, except `pending`, a net). */
function addFlow(f: TGiftCardFlows, r: FlowRow) {
  const n = Number(r.n);
  const amount = Number(r.amount);
  if (r.kind === 'issued') {
    const target = r.goodwill ? f.goodwill : f.sold;
    target.count += n;
    target.amount += amount;
  } else if (r.kind === 'spent') {
    f.spent.count += n;
    f.spent.amount -= amount;
  } else if (r.kind === 'held' || r.kind === 'released') {
    // A hold lowers the balance until its order is paid (then it is `spent`) or given back (`released`).
    f.pending -= amount;
  } else if (r.kind === 'refunded') {
    f.refunded.count += n;
    f.refunded.amount += amount;
  } else if (r.kind === 'expired') {
    f.expired.count += Number(r.cards);
    f.expired.amount -= amount;
  }
}

function addFlows(target: TGiftCardFlows, f: TGiftCardFlows) {
  for (const key of ['sold', 'goodwill', 'spent', 'refunded', 'expired'] as const) {
    target[key].count += f[key].count;
    target[key].amount += f[key].amount;
  }
  target.pending += f.pending;
}

export async function giftCardReport(db: Queryable, input: { now: Date; query: Period }): Promise<TGiftCardReport> {
  const period = reportPeriod(input.now, input.query);
  const [flows, [after], [balances]] = await Promise.all([
    rowsOf<FlowRow & { net: string | number }>(
      db,
      // A card's `issued` movement names its order when it was bought; a goodwill card has none (source goodwill).
      sql`select to_char(created_at at time zone 'Africa/Algiers', 'YYYY-MM-DD') as day, kind, (kind = 'issued' and order_id is null) as goodwill,
                 count(*)::int as n, (count(distinct gift_card_id) filter (where kind = 'expired'))::int as cards, sum(amount)::bigint as amount
          from gift_card_movements
          where created_at >= ${period.start.toISOString()} and created_at < ${period.end.toISOString()}
          group by 1, 2, 3`,
    ),
    rowsOf<{ amount: string | number | null }>(db, sql`select sum(amount)::bigint as amount from gift_card_movements where created_at >= ${period.end.toISOString()}`),
    rowsOf<{ amount: string | number | null }>(db, sql`select sum(balance)::bigint as amount from gift_cards`),
  ]);
  const outstanding = Number(balances?.amount ?? 0) - Number(after?.amount ?? 0);
  const netOf = new Map<string, number>();
  const flowsOf = new Map<string, TGiftCardFlows>();
  for (const r of flows) {
    netOf.set(r.day, (netOf.get(r.day) ?? 0) + Number(r.amount));
    const f = flowsOf.get(r.day) ?? emptyFlows();
    addFlow(f, r);
    flowsOf.set(r.day, f);
  }
  const net = [...netOf.values()].reduce((s, v) => s + v, 0);
  const opening = outstanding - net;
  const totals = emptyFlows();
  let running = opening;
  const byDay = daysOf(period).map((day) => {
    const f = flowsOf.get(day) ?? emptyFlows();
    addFlows(totals, f);
    running += netOf.get(day) ?? 0;
    return { day, ...f, outstanding: running };
  });
  return { from: period.from, to: period.to, opening, outstanding, totals, byDay };
}

export const GIFT_CARD_REPORT_CSV_HEADER = [
  'jour',
  'cartes_vendues',
  'vendu_dzd',
  'cartes_offertes',
  'offert_dzd',
  'depense_dzd',
  'en_attente_dzd',
  'rembourse_sur_carte_dzd',
  'cartes_expirees',
  'expire_dzd',
  'encours_fin_de_jour_dzd',
] as const;

/** The report as CSV: the opening balance, one row per day, then the period's totals and its closing balance. */
export function giftCardReportCsv(report: TGiftCardReport): string {
  const cells = (label: string, f: TGiftCardFlows, outstanding: number) => [
    label,
    f.sold.count,
    f.sold.amount,
    f.goodwill.count,
    f.goodwill.amount,
    f.spent.amount,
    f.pending,
    f.refunded.amount,
    f.expired.count,
    f.expired.amount,
    outstanding,
  ];
  return toCsv(GIFT_CARD_REPORT_CSV_HEADER, [
    cells('ouverture', emptyFlows(), report.opening),
    ...report.byDay.map((d) => cells(d.day, d, d.outstanding)),
    cells('total', report.totals, report.outstanding),
  ]);
}

/** The movements' kinds as the CSV names them (French spreadsheets, docs/product/money.md §5). */
const KIND_FR: Record<string, string> = {
  issued: 'émise',
  held: 'retenue (paiement en attente)',
  spent: 'dépensée',
  released: 'rendue (paiement échoué)',
  refunded: 'remboursée sur la carte',
  expired: 'expirée',
};

export const GIFT_CARD_MOVEMENTS_CSV_HEADER = ['date', 'carte', 'origine', 'mouvement', 'montant_dzd', 'solde_apres_dzd', 'commande'] as const;
const CSV_PAGE = 5_000;

/** A card's code in an export: only its last four signs (the code pays; a spreadsheet travels). */
const maskedCode = (code: string) => `CC-····-····-${code.slice(-4)}`;

/**
 * The period's movements, oldest first in a total order (created_at, id), read by keyset pages over
 * gift_card_movements_created_idx in bounded memory: one row per movement, signed dinars as the balance moved.
 */
export async function giftCardMovementsCsv(db: Queryable, input: { now: Date; query: Period }): Promise<{ period: ReportPeriod; csv: Readable }> {
  const period = reportPeriod(input.now, input.query);
  type Row = { id: string; created_at: string | Date; at: string; code: string; source: string; kind: string; amount: number; balance_after: number; order_id: string | null };
  async function* pages() {
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const cursor: { at: string; id: string } | null = after;
      const rows: Row[] = await rowsOf<Row>(
        db,
        sql`select m.id, m.created_at, to_char(m.created_at at time zone 'Africa/Algiers', 'DD/MM/YYYY HH24:MI') as at,
                   c.code, c.source, m.kind, m.amount, m.balance_after, m.order_id
            from gift_card_movements m join gift_cards c on c.id = m.gift_card_id
            where m.created_at >= ${period.start.toISOString()} and m.created_at < ${period.end.toISOString()}
              ${cursor ? sql`and (m.created_at, m.id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
            order by m.created_at, m.id
            limit ${CSV_PAGE}`,
      );
      if (rows.length === 0) return;
      yield rows.map((r) => [
        r.at,
        maskedCode(r.code),
        r.source === 'goodwill' ? 'geste commercial' : 'achat',
        KIND_FR[r.kind] ?? r.kind,
        Number(r.amount),
        Number(r.balance_after),
        r.order_id ? r.order_id.slice(0, 8).toUpperCase() : '',
      ]);
      if (rows.length < CSV_PAGE) return;
      const last: Row = rows.at(-1)!;
      after = { at: new Date(last.created_at).toISOString(), id: last.id };
    }
  }
  return { period, csv: Readable.from(csvChunks(GIFT_CARD_MOVEMENTS_CSV_HEADER, pages())) };
}
