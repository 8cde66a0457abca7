import { and, count, desc, eq } from 'drizzle-orm';
import { FOREIGN_CURRENCIES, formatRate, type TForeignCurrency } from '@farha/contracts/money';
import type { TExchangeRate, TRateHistory } from '@farha/contracts/rates';
import type { Queryable } from '../../db/client.ts';
import { exchangeRates } from '../../db/schema/index.ts';
import { addDays, algiersDay } from '@farha/contracts/time';
import { algiersInstant } from '../../lib/algiers-time.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';

/** The furthest a rate may be trusted ahead: finance revisits the rates at least this often. */
export const MAX_RATE_DAYS = 90;

type Row = typeof exchangeRates.$inferSelect;

const toRate = (row: Row, now: Date): TExchangeRate => ({
  currency: row.currency as TForeignCurrency,
  rateE4: row.rateE4,
  staleAfter: row.staleAfter.toISOString(),
  stale: now.getTime() > row.staleAfter.getTime(),
  setAt: row.createdAt.toISOString(),
});

async function latest(db: Queryable, currency: TForeignCurrency): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(exchangeRates)
    .where(eq(exchangeRates.currency, currency))
    .orderBy(desc(exchangeRates.createdAt), desc(exchangeRates.id))
    .limit(1);
  return row;
}

/** The rate in force for each currency finance has set (stale ones flagged). */
export async function currentRates(db: Queryable, now: Date): Promise<TExchangeRate[]> {
  const rows = await Promise.all(FOREIGN_CURRENCIES.map((currency) => latest(db, currency)));
  return rows.filter((row): row is Row => row !== undefined).map((row) => toRate(row, now));
}

/** The rate a card may be charged at now, or null when none was set or it is stale. */
export async function chargeRate(db: Queryable, currency: TForeignCurrency, now: Date): Promise<number | null> {
  const row = await latest(db, currency);
  return row && now.getTime() <= row.staleAfter.getTime() ? row.rateE4 : null;
}

/** "149,50" or "149.5" as ten-thousandths; the schema has checked the form. */
export function parseRate(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  const rateE4 = Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
  if (!Number.isSafeInteger(rateE4) || rateE4 <= 0) throw new AppError('RATE_INVALID', { field: 'rate' });
  return rateE4;
}

/**
 * Issue 34: a new rate further than this share from the one before it (1 € = 1 500 DA after 150 DA) is a
 * typing slip until finance confirms it (`confirm: true`).
 */
export const RATE_CONFIRM_SHARE = 0.25;

/** Whether going from `beforeE4` to `afterE4` moves the rate by more than RATE_CONFIRM_SHARE. */
export function rateJumpNeedsConfirmation(beforeE4: number, afterE4: number): boolean {
  return Math.abs(afterE4 - beforeE4) > beforeE4 * RATE_CONFIRM_SHARE;
}

/**
 * Finance sets a rate (issue 24): a new row (the previous ones stay, the history), stale after the end of
 * `staleAfterDay` in Algiers, which must be between today and MAX_RATE_DAYS ahead; audited. Issue 34: a rate
 * further than RATE_CONFIRM_SHARE from the one in force needs `confirm: true` (else RATE_CONFIRM_REQUIRED).
 */
export async function setRate(
  db: Queryable,
  input: { currency: TForeignCurrency; rate: string; staleAfter: string; confirm?: boolean | undefined },
  step: { actor: AuditActor; now: Date },
): Promise<TExchangeRate> {
  const rateE4 = parseRate(input.rate);
  const today = algiersDay(step.now);
  if (input.staleAfter < today || input.staleAfter > addDays(today, MAX_RATE_DAYS)) {
    throw new AppError('RATE_STALE_AFTER', { field: 'staleAfter' });
  }
  const staleAfter = new Date(algiersInstant(addDays(input.staleAfter, 1)).getTime() - 1);
  if (Number.isNaN(staleAfter.getTime())) throw new AppError('RATE_STALE_AFTER', { field: 'staleAfter' });
  const before = await latest(db, input.currency);
  const jump = before !== undefined && rateJumpNeedsConfirmation(before.rateE4, rateE4);
  if (jump && input.confirm !== true) {
    throw new AppError('RATE_CONFIRM_REQUIRED', {
      field: 'rate',
      params: { currency: input.currency, current: formatRate(before.rateE4), proposed: formatRate(rateE4), share: Math.round(RATE_CONFIRM_SHARE * 100) },
    });
  }
  const [row] = await db
    .insert(exchangeRates)
    .values({ currency: input.currency, rateE4, staleAfter, setBy: step.actor.userId, createdAt: step.now })
    .returning();
  await recordAudit(db, {
    actor: step.actor,
    action: 'exchange_rate.set',
    entityType: 'exchange_rate',
    entityId: row!.id,
    summary: `1 ${input.currency} = ${formatRate(rateE4)} DA (→ ${input.staleAfter})`,
    params: { currency: input.currency, rate: formatRate(rateE4), staleAfter: input.staleAfter, ...(jump ? { confirmed: 'true' } : {}) },
    before: before ? { rateE4: before.rateE4, staleAfter: before.staleAfter.toISOString() } : null,
    after: { rateE4, staleAfter: staleAfter.toISOString() },
    now: step.now,
  });
  return toRate(row!, step.now);
}

/** Every rate set, newest first, paginated (a few a week: small, but read like any list). */
export async function rateHistory(
  db: Queryable,
  query: { currency?: TForeignCurrency | undefined; page: number; pageSize: number },
  now: Date,
): Promise<TRateHistory> {
  const where = query.currency ? and(eq(exchangeRates.currency, query.currency)) : undefined;
  const [rows, [total], current] = await Promise.all([
    db
      .select()
      .from(exchangeRates)
      .where(where)
      .orderBy(desc(exchangeRates.createdAt), desc(exchangeRates.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(exchangeRates).where(where),
    currentRates(db, now),
  ]);
  return {
    current,
    history: rows.map((row) => {
      const { stale: _stale, ...rate } = toRate(row, now);
      return { ...rate, id: row.id, setBy: row.setBy };
    }),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
