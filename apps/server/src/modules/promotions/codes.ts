import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { PROMO_CODE_ALPHABET, PROMO_CODE_RANDOM_LENGTH } from '@farha/contracts/promotions';
import { rowsOf, type Db, type Queryable } from '../../db/client.ts';
import { promoCodes, promotions } from '../../db/schema/index.ts';
import { algiersDateTime } from '../../lib/algiers-time.ts';
import { csvChunks } from '../../lib/csv.ts';
import { AppError } from '../../lib/errors.ts';

/** Rows inserted per statement: one parameter (a JSON array), so the batch is bounded by time, not by parameters. */
const BATCH = 10_000;
/** Rounds of retries after collisions before giving up (each round draws only the codes still missing). */
const MAX_ROUNDS = 8;

/**
 * docs/product/promotions.md §6: a code of PROMO_CODE_RANDOM_LENGTH signs drawn with `crypto` from the
 * 32-sign alphabet (a byte's low 5 bits: no bias), after the prefix and a dash when there is one.
 */
function drawCodes(n: number, prefix: string | undefined): string[] {
  const bytes = randomBytes(n * PROMO_CODE_RANDOM_LENGTH);
  const head = prefix ? `${prefix}-` : '';
  const codes: string[] = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    let s = head;
    for (let j = 0; j < PROMO_CODE_RANDOM_LENGTH; j++) s += PROMO_CODE_ALPHABET[bytes[i * PROMO_CODE_RANDOM_LENGTH + j]! & 31];
    codes[i] = s;
  }
  return codes;
}

/**
 * N new single-use codes for a promotion (docs/product/promotions.md §6): drawn in memory, inserted in
 * batches with `on conflict do nothing` on the unique index, and the ones that collided (with a code of
 * any promotion) drawn again until N are in. Each batch is its own statement: 100 000 codes never hold one
 * long transaction. Answers how many were made and how many had to be drawn again.
 */
export async function generateCodes(db: Db, promotionId: string, n: number, prefix?: string, now: Date = new Date()): Promise<{ generated: number; retried: number }> {
  const [promotion] = await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, promotionId));
  if (!promotion) throw new AppError('PROMOTION_NOT_FOUND');
  let missing = n;
  let retried = 0;
  for (let round = 0; missing > 0; round++) {
    if (round >= MAX_ROUNDS) throw new AppError('INTERNAL');
    // A Set drops the (rare) duplicates of one draw before the database sees them.
    const drawn = [...new Set(drawCodes(missing, prefix))];
    let inserted = 0;
    for (let i = 0; i < drawn.length; i += BATCH) {
      const batch = JSON.stringify(drawn.slice(i, i + BATCH));
      const rows = await rowsOf<{ n: number }>(
        db,
        sql`with added as (
              insert into ${promoCodes} (promotion_id, code, single_use, used_count, created_at)
              select ${promotionId}::uuid, c, true, 0, ${now.toISOString()}::timestamptz
              from jsonb_array_elements_text(${batch}::jsonb) as c
              on conflict (code) do nothing
              returning 1)
            select count(*)::int as n from added`,
      );
      inserted += rows[0]?.n ?? 0;
    }
    if (round > 0) retried += missing;
    missing -= inserted;
  }
  return { generated: n, retried };
}

/** How many codes a promotion has, and how many are used (held or confirmed). */
export async function codeCounts(db: Queryable, promotionId: string): Promise<{ total: number; used: number }> {
  const [row] = await db
    .select({ total: count(), used: sql<number>`count(*) filter (where ${promoCodes.usedCount} > 0)::int` })
    .from(promoCodes)
    .where(eq(promoCodes.promotionId, promotionId));
  return { total: Number(row?.total ?? 0), used: Number(row?.used ?? 0) };
}

const CSV_HEADER = ['code', 'usage_unique', 'utilisations', 'cree_le'] as const;
const CSV_PAGE = 5_000;
type CodeRow = { code: string; singleUse: boolean; usedCount: number; createdAt: Date };

/**
 * docs/product/promotions.md §6: a promotion's codes with their use, as CSV for French spreadsheets
 * (docs/product/money.md §5), oldest first in a total order, read by keyset pages in bounded memory.
 */
export async function promotionCodesCsv(db: Queryable, promotionId: string): Promise<Readable> {
  const [promotion] = await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, promotionId));
  if (!promotion) throw new AppError('PROMOTION_NOT_FOUND');
  async function* pages() {
    let after: { createdAt: Date; code: string } | null = null;
    for (;;) {
      const cursor: { createdAt: Date; code: string } | null = after;
      const rows: CodeRow[] = await db
        .select({ code: promoCodes.code, singleUse: promoCodes.singleUse, usedCount: promoCodes.usedCount, createdAt: promoCodes.createdAt })
        .from(promoCodes)
        .where(
          and(
            eq(promoCodes.promotionId, promotionId),
            cursor ? sql`(${promoCodes.createdAt}, ${promoCodes.code}) > (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.code})` : undefined,
          ),
        )
        .orderBy(asc(promoCodes.createdAt), asc(promoCodes.code), asc(promoCodes.id)) // the code is unique already
        .limit(CSV_PAGE);
      if (rows.length === 0) return;
      yield rows.map((r) => [r.code, r.singleUse ? 'oui' : 'non', r.usedCount, algiersDateTime(r.createdAt)]);
      if (rows.length < CSV_PAGE) return;
      const last: CodeRow = rows.at(-1)!;
      after = { createdAt: last.createdAt, code: last.code };
    }
  }
  return Readable.from(csvChunks(CSV_HEADER, pages()));
}

/** The promotion's public code (not single-use), if it has one. */
export async function publicCodes(db: Queryable, promotionIds: string[]): Promise<Map<string, string>> {
  if (promotionIds.length === 0) return new Map();
  const rows = await db
    .select({ promotionId: promoCodes.promotionId, code: promoCodes.code })
    .from(promoCodes)
    .where(and(inArray(promoCodes.promotionId, promotionIds), eq(promoCodes.singleUse, false)))
    .orderBy(asc(promoCodes.createdAt), asc(promoCodes.code), asc(promoCodes.id));
  const map = new Map<string, string>();
  for (const r of rows) if (!map.has(r.promotionId)) map.set(r.promotionId, r.code);
  return map;
}
