import { sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../../db/client.ts';
import { cachedSettings } from '../settings/index.ts';

const BATCH = 10;
const STALE_LOCK_MS = 5 * 60_000;

/**
 * Waits between the tries to record a message that the mail server or the text provider already accepted:
 * about two minutes in all, well under STALE_LOCK_MS, so that a database restart or failover is waited for.
 */
export const RECORD_RETRY_MS = [250, 500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 60_000] as const;

/** Attempts of one message: the first, then the setting notifications.retry_attempts retries (docs/product/back-office.md §7). */
export async function maxAttempts(db: Queryable): Promise<number> {
  return 1 + (await cachedSettings(db, 'notifications')).retry_attempts;
}

/**
 * The e-mail and SMS outboxes' claim: due messages (and those a crashed worker left `sending`) move to
 * `sending` with FOR UPDATE SKIP LOCKED, so that several server instances never send one message twice.
 */
export async function claimDue(db: Queryable, table: 'email_outbox' | 'sms_outbox', now: Date): Promise<string[]> {
  const waiting = table === 'email_outbox' ? 'pending' : 'queued';
  const staleBefore = new Date(now.getTime() - STALE_LOCK_MS);
  const claimed = await rowsOf<{ id: string }>(db, sql`
    update ${sql.identifier(table)} set status = 'sending', locked_at = ${now.toISOString()}::timestamptz, attempts = attempts + 1
    where id in (
      select id from ${sql.identifier(table)}
      where (status = ${waiting} and next_attempt_at <= ${now.toISOString()}::timestamptz)
         or (status = 'sending' and locked_at < ${staleBefore.toISOString()}::timestamptz)
      order by next_attempt_at
      limit ${BATCH}
      for update skip locked
    )
    returning id`);
  return claimed.map((r) => r.id);
}

/** After a failed attempt: given up for good, or tried again after 30 s, 1 min, 2 min… */
export async function afterFailure(db: Queryable, attempts: number, now: Date): Promise<{ failed: boolean; nextAttemptAt: Date }> {
  const failed = attempts >= (await maxAttempts(db));
  return { failed, nextAttemptAt: new Date(now.getTime() + 30_000 * 2 ** Math.max(0, attempts - 1)) };
}

/**
 * Records a message its provider has accepted (issue 39's soak: e-mails sent twice across a database
 * restart). A failure here is not a failed send: taken for one, the message would be queued and sent again.
 * The record is tried again while the database is away; if it stays away past `retryMs`, the error is
 * thrown and the row stays `sending` until STALE_LOCK_MS, as after a crash.
 */
export async function recordAccepted(record: () => Promise<void>, retryMs: readonly number[] = RECORD_RETRY_MS): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await record();
    } catch (error) {
      if (attempt >= retryMs.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryMs[attempt]));
    }
  }
}
