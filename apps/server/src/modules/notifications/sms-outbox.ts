import { and, count, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SMS_MAX_SEGMENTS, smsSegments } from '@farha/contracts/plain/sms';
import type { Db, Queryable } from '../../db/client.ts';
import { smsOptOuts, smsOutbox } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { cachedSettings } from '../settings/index.ts';
import type { Locale } from './html.ts';
import { afterFailure, claimDue } from './attempts.ts';
import type { SmsProvider } from './sms-provider.ts';

/** What a text is about; the file provider writes it, support and analytics group by it. */
export type SmsKind =
  | 'gift'
  | 'reservation-confirmed'
  | 'reservation-declined'
  | 'reservation-reminder'
  | 'expiry-reminder'
  | 'partner-reservation-request'
  | 'ticket-answered';

const HOUR_MS = 3_600_000;

type SmsEnvelope = {
  /** E.164. */
  to: string;
  body: string;
  kind: SmsKind;
  locale: Locale;
  now: Date;
  /** Not before (a gift's delivery day). */
  sendAt?: Date | null | undefined;
  /** The account the number belongs to, when known. */
  userId?: string | null | undefined;
  /** The customer whose action sends it: the per-number and per-customer limits count it. */
  requestedBy?: string | null | undefined;
  voucherId?: string | null | undefined;
  /** A text that must go once: a second one with the same key is not queued. */
  dedupeKey?: string | undefined;
};

/** Whether the number answered STOP or turned texts off. */
export async function isSmsOptedOut(db: Queryable, phone: string): Promise<boolean> {
  const [row] = await db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, phone)).limit(1);
  return row !== undefined;
}

/** No more texts to this number (a « STOP » reply, or the person's own switch); queued ones are dropped. */
export async function optOutOfSms(db: Queryable, phone: string, source: 'stop' | 'profile', now: Date): Promise<void> {
  await db.insert(smsOptOuts).values({ phone, source, createdAt: now }).onConflictDoNothing();
  await db
    .update(smsOutbox)
    .set({ status: 'failed', lastError: 'opted out' })
    .where(and(eq(smsOutbox.toNumber, phone), eq(smsOutbox.status, 'queued')));
}

/** Texts to this number again (the person turned SMS back on in their profile). */
export async function optInToSms(db: Queryable, phone: string): Promise<void> {
  await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
}

/**
 * Issue 25: a customer's actions (a gift by SMS, a resend) may send only a few texts to one number per
 * hour and per day — whoever the customer is, so an unknown number cannot be flooded — and a few per day
 * in all. Call it in the transaction that queues the text: it serialises the checks of one number.
 */
export async function checkSmsLimits(db: Queryable, input: { to: string; requestedBy: string; now: Date; alsoQueued?: number }): Promise<void> {
  const limits = await cachedSettings(db, 'notifications');
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms|${input.to}`}))`);
  const extra = input.alsoQueued ?? 0;
  const since = (ms: number) => new Date(input.now.getTime() - ms);
  const counted = async (where: ReturnType<typeof and>) => (await db.select({ n: count() }).from(smsOutbox).where(where))[0]!.n + extra;
  if (await isSmsOptedOut(db, input.to)) throw new AppError('SMS_OPTED_OUT', { field: 'recipientPhone' });
  const toNumber = (ms: number) => and(eq(smsOutbox.toNumber, input.to), isNotNull(smsOutbox.requestedBy), gt(smsOutbox.createdAt, since(ms)));
  if ((await counted(toNumber(HOUR_MS))) >= limits.sms_per_number_per_hour) throw new AppError('SMS_NUMBER_HOURLY_LIMIT', { field: 'recipientPhone' });
  if ((await counted(toNumber(24 * HOUR_MS))) >= limits.sms_per_number_per_day) throw new AppError('SMS_NUMBER_DAILY_LIMIT', { field: 'recipientPhone' });
  const byCustomer = and(eq(smsOutbox.requestedBy, input.requestedBy), gt(smsOutbox.createdAt, since(24 * HOUR_MS)));
  if ((await counted(byCustomer)) >= limits.sms_per_customer_per_day) {
    throw new AppError('SMS_CUSTOMER_DAILY_LIMIT', { field: 'recipientPhone', params: { max: limits.sms_per_customer_per_day } });
  }
}

/**
 * Queues a text in the caller's transaction; it leaves once that commits (at `sendAt` at the earliest).
 * Nothing is queued for a number that opted out (returns null). The body must fit in SMS_MAX_SEGMENTS
 * parts (the texts of sms-texts.ts shorten names to fit).
 */
export async function enqueueSms(db: Queryable, sms: SmsEnvelope): Promise<string | null> {
  const { encoding, segments } = smsSegments(sms.body);
  if (segments > SMS_MAX_SEGMENTS) throw new Error(`SMS ${sms.kind} takes ${segments} parts (at most ${SMS_MAX_SEGMENTS})`);
  if (await isSmsOptedOut(db, sms.to)) return null;
  const { sms_cost_per_segment: costPerSegment } = await cachedSettings(db, 'notifications');
  const [row] = await db
    .insert(smsOutbox)
    .values({
      toNumber: sms.to,
      body: sms.body,
      kind: sms.kind,
      locale: sms.locale,
      encoding,
      segments,
      cost: segments * costPerSegment,
      userId: sms.userId ?? null,
      requestedBy: sms.requestedBy ?? null,
      voucherId: sms.voucherId ?? null,
      dedupeKey: sms.dedupeKey ?? null,
      nextAttemptAt: sms.sendAt && sms.sendAt > sms.now ? sms.sendAt : sms.now,
      createdAt: sms.now,
    })
    .onConflictDoNothing()
    .returning({ id: smsOutbox.id });
  return row?.id ?? null;
}

/** A voucher's texts not sent yet are dropped when the voucher is exchanged or cancelled. */
export async function dropPendingVoucherSms(db: Queryable, voucherId: string, why: string): Promise<void> {
  await db
    .update(smsOutbox)
    .set({ status: 'failed', lastError: why })
    .where(and(eq(smsOutbox.voucherId, voucherId), eq(smsOutbox.status, 'queued')));
}

type SmsRow = typeof smsOutbox.$inferSelect;
type Deps = { db: Db; sms: SmsProvider; clock: Clock; log: FastifyBaseLogger };

/**
 * Claims due texts with FOR UPDATE SKIP LOCKED — several instances never send one twice — and hands
 * them to the provider; a failure is retried with a growing delay, then marked failed. Returns how many
 * were handled.
 */
export async function processSmsOutbox(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const ids = await claimDue(deps.db, 'sms_outbox', now);
  if (ids.length === 0) return 0;
  const rows = await deps.db.select().from(smsOutbox).where(inArray(smsOutbox.id, ids));
  await Promise.all(rows.map((row) => deliver(deps, row)));
  return rows.length;
}

async function deliver(deps: Deps, row: SmsRow): Promise<void> {
  try {
    const { providerId } = await deps.sms.send({ to: row.toNumber, body: row.body, segments: row.segments, encoding: row.encoding as 'GSM-7' | 'UCS-2', kind: row.kind });
    // What the provider's acceptance means: `sent` (Twilio's callbacks say `delivered` later), or `written`
    // for the file provider, which no phone receives: never `delivered` (ADR 017).
    const status = deps.sms.acceptedStatus;
    const now = deps.clock.now();
    await deps.db
      .update(smsOutbox)
      .set({ status, providerId, sentAt: now, deliveredAt: null, lockedAt: null, lastError: null })
      .where(eq(smsOutbox.id, row.id));
  } catch (error) {
    const attempts = row.attempts;
    const { failed, nextAttemptAt } = await afterFailure(deps.db, attempts, deps.clock.now());
    deps.log.warn({ err: error, smsId: row.id, attempts }, failed ? 'SMS failed for good' : 'SMS will be retried');
    await deps.db
      .update(smsOutbox)
      .set({
        status: failed ? 'failed' : 'queued',
        lockedAt: null,
        lastError: String((error as Error).message ?? error).slice(0, 500),
        nextAttemptAt,
      })
      .where(eq(smsOutbox.id, row.id));
  }
}

/**
 * A provider's delivery report (Twilio's MessageStatus): delivered, or failed/undelivered with its error
 * code. Earlier statuses (queued, sending, sent) change nothing. Returns whether the message is known.
 */
export async function recordSmsStatus(db: Queryable, input: { providerId: string; status: string; errorCode?: string | undefined; now: Date }): Promise<boolean> {
  const [row] = await db.select({ id: smsOutbox.id, status: smsOutbox.status }).from(smsOutbox).where(eq(smsOutbox.providerId, input.providerId)).limit(1);
  if (!row) return false;
  if (input.status === 'delivered') {
    await db.update(smsOutbox).set({ status: 'delivered', deliveredAt: input.now, lastError: null }).where(eq(smsOutbox.id, row.id));
  } else if (input.status === 'failed' || input.status === 'undelivered') {
    const reason = `${input.status}${input.errorCode ? ` (${input.errorCode})` : ''}`;
    await db.update(smsOutbox).set({ status: 'failed', lastError: reason }).where(and(eq(smsOutbox.id, row.id), sql`${smsOutbox.status} <> 'delivered'`));
  }
  return true;
}
