import { and, eq, gte, sql } from 'drizzle-orm';
import type { TRedemptionError, TRedemptionSuccess } from '@farha/contracts/redemption';
import type { Queryable } from '../../db/client.ts';
import { scanAttempts } from '../../db/schema/index.ts';

/** What a scan answered: kept in scan_attempts.response so that a retried nonce gets it back verbatim. */
export type ScanAnswer =
  | { status: 200; body: TRedemptionSuccess }
  | { status: number; body: TRedemptionError };

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
