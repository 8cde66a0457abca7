import { Readable } from 'node:stream';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  TRANSACTION_SEARCH_CAP,
  TRANSACTION_STATUS_LABELS,
  type TPartnerTransaction,
  type TTransactionStatus,
} from '@farha/contracts/partner';
import { rowsOf, type Queryable } from '../../db/client.ts';
import { boxes, offers, partnerTransactionMonths, partnerTransactions, payouts, users, vouchers } from '../../db/schema/index.ts';
import { csvChunks, toCsv } from '../../lib/csv.ts';
import { algiersDateTime, periodStart } from '../../lib/algiers-time.ts';
import { searchFold } from '../../lib/search-fold.ts';

export type TransactionFilters = {
  q?: string | undefined;
  status?: TTransactionStatus | undefined;
  period?: 'today' | 'week' | 'month' | undefined;
  /** [from, to) instants, for monthly exports. */
  from?: Date;
  to?: Date;
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const searchTerm = (filters: TransactionFilters) => searchFold(filters.q?.trim() ?? '');

/** A search first reads this many of the partner's newest rows (its filters applied) before any index of words. */
export const SEARCH_WINDOW = 10_000;

/**
 * The search's condition on `column` (partner_transactions.search_text, or a subquery's copy of it). One
 * column holds the code (with and without dashes), the customer, the box and the offer in French and in
 * Arabic, folded as searchFold folds what is typed (trigram index partner_transactions_partner_search_idx):
 * no join, whatever the partner's history.
 */
function matchesOf(filters: TransactionFilters, column: SQL | typeof partnerTransactions.searchText): SQL | null {
  const q = searchTerm(filters);
  if (!q) return null;
  const like = `%${escapeLike(q)}%`;
  // A code typed without its dashes still matches.
  const compact = `%${escapeLike(q.replace(/[\s-]/g, ''))}%`;
  return like === compact ? sql`${column} like ${like}` : sql`(${column} like ${like} or ${column} like ${compact})`;
}

/**
 * Always scoped to one partner; the filters of docs/product/partners.md §12 on top. `walk`: the search's
 * condition written so that no index answers it (`is true`), for a search known to match many of the newest
 * rows: they are then read along the partner's date index, each row checked. `search: false`: the filters
 * without the search.
 */
function whereOf(partnerId: string, filters: TransactionFilters, now: Date, options: { walk?: boolean; search?: boolean } = {}): SQL {
  const parts: (SQL | undefined)[] = [eq(partnerTransactions.partnerId, partnerId)];
  if (filters.status) parts.push(eq(partnerTransactions.status, filters.status));
  if (filters.period) parts.push(gte(partnerTransactions.createdAt, periodStart(filters.period, now)));
  if (filters.from) parts.push(gte(partnerTransactions.createdAt, filters.from));
  if (filters.to) parts.push(lt(partnerTransactions.createdAt, filters.to));
  const matches = options.search === false ? null : matchesOf(filters, partnerTransactions.searchText);
  if (matches) parts.push(options.walk ? sql`(${matches}) is true` : matches);
  return and(...parts)!;
}

const columns = {
  tx: partnerTransactions,
  code: vouchers.code,
  customerName: vouchers.recipientName,
  customerEmail: vouchers.recipientEmail,
  boxName: boxes.name,
  boxNameAr: boxes.nameAr,
  offerTitle: offers.title,
  offerTitleAr: offers.titleAr,
  payoutReference: payouts.reference,
  payoutStatus: payouts.status,
  scannerFirst: users.firstName,
  scannerLast: users.lastName,
};

function baseQuery(db: Queryable) {
  return db
    .select(columns)
    .from(partnerTransactions)
    .innerJoin(vouchers, eq(vouchers.id, partnerTransactions.voucherId))
    .innerJoin(boxes, eq(boxes.id, vouchers.boxId))
    .innerJoin(offers, eq(offers.id, partnerTransactions.offerId))
    .leftJoin(payouts, eq(payouts.id, partnerTransactions.payoutId))
    .leftJoin(users, eq(users.id, partnerTransactions.scannedByUserId));
}

type Row = Awaited<ReturnType<typeof baseQuery>>[number];

function toDto(row: Row): TPartnerTransaction {
  const t = row.tx;
  const status = t.status as TTransactionStatus;
  return {
    id: t.id,
    voucherCode: row.code,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    boxName: row.boxName,
    boxNameAr: row.boxNameAr,
    offer: { id: t.offerId, title: row.offerTitle, titleAr: row.offerTitleAr },
    amount: t.grossAmount,
    commission: t.commissionAmount,
    commissionBp: t.commissionBp,
    promoShare: t.promoShare,
    promoCode: t.promoCode,
    netAmount: t.netAmount,
    status,
    statusLabel: TRANSACTION_STATUS_LABELS[status],
    scannedAt: t.createdAt.toISOString(),
    scannedBy: row.scannerFirst ? `${row.scannerFirst} ${row.scannerLast ?? ''}`.trim() : null,
    settledAt: t.settledAt?.toISOString() ?? null,
    payout: t.payoutId ? { id: t.payoutId, reference: row.payoutReference, status: row.payoutStatus ?? 'requested' } : null,
  };
}

/** Count and sums of the matching rows (a period of an export or a month: the partner's date index). */
async function summaryOf(db: Queryable, where: SQL): Promise<Totals> {
  const [summary] = await summaryQuery(db).where(where);
  return totalsOf(summary);
}

/**
 * Issue 35: every row keeps gross = commission + promo_share + net (a CHECK), so the partners' part of shared
 * discounts is what the sums leave: the monthly table needs no column of its own.
 */
function totalsOf(row: { count?: unknown; turnover?: unknown; commissions?: unknown; net?: unknown } | undefined): Totals {
  const count = Number(row?.count ?? 0);
  const turnover = Number(row?.turnover ?? 0);
  const commissions = Number(row?.commissions ?? 0);
  const net = Number(row?.net ?? 0);
  return { count, turnover, commissions, promoShares: turnover - commissions - net, net };
}

/** Count and sums of partner_transactions' rows (or of a subquery of them: the names are unqualified). */
const summaryColumns = {
  count: sql<number>`count(*)::int`,
  turnover: sql<number>`coalesce(sum(gross_amount), 0)::bigint`,
  commissions: sql<number>`coalesce(sum(commission_amount), 0)::bigint`,
  net: sql<number>`coalesce(sum(net_amount), 0)::bigint`,
};

/** Count and sums: one table (the search has its own column). */
function summaryQuery(db: Queryable) {
  return db.select(summaryColumns).from(partnerTransactions);
}

type Totals = { count: number; turnover: number; commissions: number; promoShares: number; net: number };

/** The first instant of the UTC month after `instant` (the months table's buckets). */
function nextMonthStart(instant: Date): Date {
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth() + 1, 1));
}

/**
 * The totals of a partner's ledger without a search: whole months from partner_transaction_months (kept by
 * triggers), and the rows before the first whole month of a period (at most a month of them) read from the
 * covering index. A few dozen rows whatever the partner's history, where summing it read every redemption.
 */
async function monthlyTotals(db: Queryable, partnerId: string, filters: TransactionFilters, now: Date): Promise<Totals> {
  const since = filters.period ? periodStart(filters.period, now) : null;
  const boundary = since ? nextMonthStart(since) : null;
  const m = partnerTransactionMonths;
  const t = partnerTransactions;
  const monthStatus = filters.status ? sql`and ${m.status} = ${filters.status}` : sql``;
  const rowStatus = filters.status ? sql`and ${t.status} = ${filters.status}` : sql``;
  const months = sql`select ${m.count} as count, ${m.grossAmount} as gross, ${m.commissionAmount} as commission, ${m.netAmount} as net
      from ${m} where ${m.partnerId} = ${partnerId} ${monthStatus}
      ${boundary ? sql`and ${m.month} >= ${boundary.toISOString().slice(0, 10)}::date` : sql``}`;
  const head =
    since && boundary
      ? sql` union all select count(*), sum(${t.grossAmount}), sum(${t.commissionAmount}), sum(${t.netAmount})
      from ${t} where ${t.partnerId} = ${partnerId} ${rowStatus}
      and ${t.createdAt} >= ${since.toISOString()}::timestamptz and ${t.createdAt} < ${boundary.toISOString()}::timestamptz`
      : sql``;
  const [row] = await rowsOf<{ count: string | number | null; turnover: string | number | null; commissions: string | number | null; net: string | number | null }>(
    db,
    sql`select coalesce(sum(count), 0)::bigint as count, coalesce(sum(gross), 0)::bigint as turnover,
        coalesce(sum(commission), 0)::bigint as commissions, coalesce(sum(net), 0)::bigint as net
      from (${months}${head}) parts`,
  );
  return totalsOf(row);
}

export async function listTransactions(
  db: Queryable,
  partnerId: string,
  query: TransactionFilters & { page: number; pageSize: number },
  now: Date,
  { cap = TRANSACTION_SEARCH_CAP, window = SEARCH_WINDOW } = {},
) {
  const where = whereOf(partnerId, query, now);
  const offset = (query.page - 1) * query.pageSize;
  const page = (rows: SQL, limit = query.pageSize) =>
    baseQuery(db)
      .where(rows)
      .orderBy(desc(partnerTransactions.createdAt), desc(partnerTransactions.id))
      .limit(limit)
      .offset(offset);
  const dto = (rows: Row[], totals: Totals | null, capped: boolean) => ({
    transactions: rows.map(toDto),
    summary: totals,
    total: capped ? cap : (totals?.count ?? 0),
    capped,
    page: query.page,
    pageSize: query.pageSize,
  });
  if (!searchTerm(query)) {
    const [rows, totals] = await Promise.all([page(where), query.from || query.to ? summaryOf(db, where) : monthlyTotals(db, partnerId, query, now)]);
    return dto(rows, totals, false);
  }
  // Issue 39: a search counts and totals at most `cap` + 1 matches, and reads the fewest rows that tell
  // whether it passes the cap (ADR 020, « Session 23 »). First the partner's SEARCH_WINDOW newest rows, along
  // the date index: a common term (« amina »: 62,533 of one partner's 500,000 scans) has more than `cap`
  // matches among them. Otherwise the trigram index counts (a rare term, a code: a few ms). Past the cap, the
  // pages are the newest matches, read along the date index: quick when they are among the newest rows, slow
  // when they all lie far from them (sorting every match the trigram index finds was slower still: 1.9 s for
  // 100,000 matches).
  const t = partnerTransactions;
  const newest = sql`select ${t.searchText} as search_text from ${t} where ${whereOf(partnerId, query, now, { search: false })}
      order by ${t.createdAt} desc, ${t.id} desc limit ${window}`;
  const [near] = await rowsOf<{ count: number | string }>(
    db,
    sql`select count(*)::int as count from (select 1 from (${newest}) newest where ${matchesOf(query, sql`newest.search_text`)!} limit ${cap + 1}) matches`,
  );
  const nearMatches = Number(near?.count ?? 0);
  const capped = async () => {
    // The pages end with the cap's last match.
    if (offset >= cap) return dto([], null, true);
    const limit = Math.min(query.pageSize, cap - offset);
    return dto(await page(whereOf(partnerId, query, now, { walk: true }), limit), null, true);
  };
  if (nearMatches > cap) return capped();
  const [totals] = await rowsOf<Record<keyof typeof summaryColumns, number | string>>(
    db,
    sql`select ${sql.join(Object.entries(summaryColumns).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`), sql`, `)}
        from (select ${t.grossAmount}, ${t.commissionAmount}, ${t.netAmount} from ${t} where ${where} limit ${cap + 1}) matches`,
  );
  if (Number(totals?.count ?? 0) > cap) return capped();
  return dto(await page(where), totalsOf(totals), false);
}

export async function getTransaction(db: Queryable, partnerId: string, id: string): Promise<TPartnerTransaction | null> {
  const [row] = await baseQuery(db)
    .where(and(eq(partnerTransactions.partnerId, partnerId), eq(partnerTransactions.id, id)))
    .limit(1);
  return row ? toDto(row) : null;
}

/** Every matching row, newest first (the partner's data export, a JSON document). */
export async function allTransactions(db: Queryable, partnerId: string, filters: TransactionFilters, now: Date) {
  const out: TPartnerTransaction[] = [];
  for await (const page of transactionBatches(db, partnerId, filters, now)) out.push(...page);
  return out;
}

/** Rows per query of an export: memory stays bounded whatever the partner's history. */
export const EXPORT_BATCH = 1000;

/** Every matching row (exports), newest first, a batch at a time (keyset on the creation instant and id). */
export async function* transactionBatches(db: Queryable, partnerId: string, filters: TransactionFilters, now: Date, batch = EXPORT_BATCH) {
  const where = whereOf(partnerId, filters, now);
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const rows: Row[] = await baseQuery(db)
      .where(
        after
          ? and(where, sql`(${partnerTransactions.createdAt}, ${partnerTransactions.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`)
          : where,
      )
      .orderBy(desc(partnerTransactions.createdAt), desc(partnerTransactions.id))
      .limit(batch);
    if (rows.length > 0) yield rows.map(toDto);
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!.tx;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

export const TRANSACTION_CSV_HEADER = [
  'Date de validation',
  'Code voucher',
  'Client',
  'E-mail client',
  'Coffret',
  'Prestation',
  'Montant brut (DZD)',
  'Commission (DZD)',
  // Issue 35 (docs/product/promotions.md §9): a shared promotion's part of the discount, and its code.
  'Part de la réduction (DZD)',
  'Code promo',
  'Net partenaire (DZD)',
  'Statut',
  'Réglé le',
  'Référence règlement',
  'Validé par',
] as const;

const csvRow = (t: TPartnerTransaction) => [
  algiersDateTime(new Date(t.scannedAt)),
  t.voucherCode,
  t.customerName,
  t.customerEmail,
  t.boxName,
  t.offer.title,
  t.amount,
  t.commission,
  t.promoShare,
  t.promoCode ?? '',
  t.netAmount,
  t.statusLabel,
  t.settledAt ? algiersDateTime(new Date(t.settledAt)) : '',
  t.payout?.reference ?? '',
  t.scannedBy ?? '',
];

export function transactionsCsv(rows: TPartnerTransaction[]): string {
  return toCsv(TRANSACTION_CSV_HEADER, rows.map(csvRow));
}

/** The export as a stream of CSV text: one query per EXPORT_BATCH rows, never the whole history in memory. */
export function transactionsCsvStream(db: Queryable, partnerId: string, filters: TransactionFilters, now: Date, batch = EXPORT_BATCH) {
  async function* rows() {
    for await (const page of transactionBatches(db, partnerId, filters, now, batch)) yield page.map(csvRow);
  }
  return Readable.from(csvChunks(TRANSACTION_CSV_HEADER, rows()));
}
