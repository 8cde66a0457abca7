import { and, eq, gte, sql } from 'drizzle-orm';
import { REDEMPTION_FAILURE_WINDOW_MINUTES } from '@farha/contracts/redemption';
import type { TRedemptionError, TRedemptionSuccess } from '@farha/contracts/redemption';
import type { Queryable } from '../../db/client.ts';
import { scanAttempts } from '../../db/schema/index.ts';

/** What a scan answered: kept in scan_attempts.response so that a retried nonce gets it back verbatim. */
export type ScanAnswer =
  | { status: 200; body: TRedemptionSuccess }
  | { status: number; body: TRedemptionError };

/** Error codes that say nothing about whether a code exists: these are what code guessing produces. */
export const GUESSING_ERRORS = ['VOUCHER_INVALID'] as const;

/**
 * In one round trip: the answer already given to this nonce (if any) and the number of recent failed
 * attempts of this user with an unknown code (for the rate limit).
 */
export async function priorAttempt(
  db: Queryable,
  userId: string,
  nonce: string,
  now: Date,
): Promise<{ replay: ScanAnswer | null; recentGuessFailures: number }> {
  const since = new Date(now.getTime() - REDEMPTION_FAILURE_WINDOW_MINUTES * 60_000);
  const [row] = await db
    .select({
      replay: sql<ScanAnswer | null>`(select ${scanAttempts.response} from ${scanAttempts} where ${scanAttempts.userId} = ${userId} and ${scanAttempts.nonce} = ${nonce})`,
      failures: sql<number>`(select count(*)::int from ${scanAttempts} where ${scanAttempts.userId} = ${userId} and ${scanAttempts.success} = false and ${scanAttempts.errorCode} = 'VOUCHER_INVALID' and ${scanAttempts.createdAt} >= ${since.toISOString()}::timestamptz)`,
    })
    .from(sql`(select 1) as one`);
  return { replay: row?.replay ?? null, recentGuessFailures: Number(row?.failures ?? 0) };
}

export async function storedAnswer(db: Queryable, userId: string, nonce: string): Promise<ScanAnswer | null> {
  const [row] = await db
    .select({ response: scanAttempts.response })
    .from(scanAttempts)
    .where(and(eq(scanAttempts.userId, userId), eq(scanAttempts.nonce, nonce)))
    .limit(1);
  return (row?.response as ScanAnswer | undefined) ?? null;
}

/**
 * Records an attempt with its answer. Returns false when this nonce already has one (a concurrent retry
 * of the same request got there first): the caller then answers what was stored.
 */
export async function recordAttempt(
  db: Queryable,
  attempt: { partnerId: string; userId: string; nonce: string; codeInput: string; answer: ScanAnswer; now: Date },
): Promise<boolean> {
  const success = attempt.answer.status === 200;
  const inserted = await db
    .insert(scanAttempts)
    .values({
      partnerId: attempt.partnerId,
      userId: attempt.userId,
      nonce: attempt.nonce,
      codeInput: attempt.codeInput.slice(0, 300),
      success,
      errorCode: success ? null : (attempt.answer.body as TRedemptionError).error.code,
      response: attempt.answer,
      createdAt: attempt.now,
    })
    .onConflictDoNothing({ target: [scanAttempts.userId, scanAttempts.nonce] })
    .returning({ id: scanAttempts.id });
  return inserted.length > 0;
}

/** Successful scans over attempts since `since` (a request to choose an offer is not an attempt). */
export async function scanSuccessRate(db: Queryable, partnerId: string, since: Date): Promise<{ attempts: number; successes: number }> {
  const [row] = await db
    .select({
      attempts: sql<number>`count(*)::int`,
      successes: sql<number>`count(*) filter (where ${scanAttempts.success})::int`,
    })
    .from(scanAttempts)
    .where(
      and(
        eq(scanAttempts.partnerId, partnerId),
        gte(scanAttempts.createdAt, since),
        sql`coalesce(${scanAttempts.errorCode}, '') <> 'OFFER_CHOICE_REQUIRED'`,
      ),
    );
  return { attempts: Number(row?.attempts ?? 0), successes: Number(row?.successes ?? 0) };
}
