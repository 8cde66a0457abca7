import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../../db/client.ts';

/**
 * analytics_daily is tracking's (issue 22): it counts the events here (record.ts) and keeps the figures the
 * analytics module computes (the daily rollup, the customer figures of past days) through these entries,
 * in the caller's transaction.
 */

/** Removes the rows of `metrics` on the days [from, to]. */
export async function deleteDailyRows(tx: Queryable, from: string, to: string, metrics: readonly string[]): Promise<void> {
  await tx.execute(sql`delete from analytics_daily where day between ${from}::date and ${to}::date and metric in ${metrics}`);
}

/** Inserts the rows of a query with the columns day, metric, product_line, count, amount; returns how many. */
export async function insertDailyRows(tx: Queryable, rows: SQL): Promise<number> {
  const [inserted] = await rowsOf<{ n: number }>(
    tx,
    sql`with f as (${rows}), ins as (insert into analytics_daily (day, metric, product_line, count, amount) select day, metric, product_line, count, amount from f returning 1) select count(*)::int as n from ins`,
  );
  return Number(inserted?.n ?? 0);
}

/** A figure of one day (product line ''), the count of `compute`'s column n, written or rewritten; returns it. */
export async function keepDailyFigure(db: Queryable, day: string, metric: string, compute: SQL): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`insert into analytics_daily (day, metric, product_line, count, amount)
        select ${day}::date, ${metric}, '', n, 0 from (${compute}) c
        on conflict (day, metric, product_line) do update set count = excluded.count returning count`,
  );
  return Number(row?.count ?? 0);
}
