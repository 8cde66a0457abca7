import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SMS_MAX_SEGMENTS, smsSegments } from '@farha/contracts/plain/sms';
import type { Db, Queryable } from '../../db/client.ts';
import { smsOptOuts, smsOutbox } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { cachedSettings } from '../settings/index.ts';
import type { Locale } from './html.ts';
import { afterFailure, claimDue, recordAccepted } from './attempts.ts';
import type { SmsProvider } from './sms-provider.ts';

/** What a text is about; the file provider writes it, support and analytics group by it. */
export type SmsKind =
  | 'gift'
  | 'reservation-confirmed'
  | 'reservation-declined'
  | 'reservation-reminder'
  | 'expiry-reminder'
  | 'partner-reservation-request'
  | 'ticket-answered'
  | 'sms-consent-code'
  | 'cod-code'
  | 'parcel-update';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

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
  /** Whose limits count it (issue 32); default: 'customer' with `requestedBy`, else 'platform'. */
  source?: SmsSource | undefined;
  /** The code that lifts a STOP goes to a number that answered STOP (its holder asked for it). */
  evenIfOptedOut?: boolean | undefined;
};

export type SmsSource = 'platform' | 'customer' | 'company';

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

/**
 * Texts to this number again. Issue 32: only its holder may ask — a « START » reply, or the code texted
 * to it confirmed (sms-consent.ts) — never whoever saves the number in a profile.
 */
export async function optInToSms(db: Queryable, phone: string): Promise<void> {
  await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
}

/**
 * A text reaches the phone: not one dropped before it left (opted out, over a limit, its voucher
 * cancelled, refused by the provider each time). What the per-number limits count.
 */
const reachesPhone = () => sql`not (${smsOutbox.status} = 'failed' and ${smsOutbox.sentAt} is null)`;

/** Serialises every limit check of one number until the caller's transaction ends (ADR 013). */
export async function lockSmsNumber(db: Queryable, to: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms|${to}`}))`);
}

/** Texts a customer has in flight but not in the outbox yet: their open (unpaid) orders with « Envoyer aussi par SMS ». */
export type OpenSmsOrders = { toNumber: readonly Date[]; byCustomer: number };

type LimitHit = { code: 'SMS_NUMBER_HOURLY_LIMIT' | 'SMS_NUMBER_DAILY_LIMIT' | 'SMS_CUSTOMER_DAILY_LIMIT'; params?: { max: number } };

const within = (plannedAt: Date, ms: number) =>
  and(gt(smsOutbox.plannedAt, new Date(plannedAt.getTime() - ms)), lt(smsOutbox.plannedAt, new Date(plannedAt.getTime() + ms)));

/**
 * Issue 25, 32: a customer's texts to one number within an hour and a day of when this one reaches the
 * phone (its delivery day: texts queued days apart for the same morning count together), and the
 * customer's texts queued in the last day. Counted from the outbox plus `open` orders; the caller holds
 * the number's lock. With every check made this way, no hour holds more than the hourly limit of texts.
 */
async function customerLimitHit(db: Queryable, input: { to: string; requestedBy: string; now: Date; plannedAt: Date; open?: OpenSmsOrders }): Promise<LimitHit | null> {
  const limits = await cachedSettings(db, 'notifications');
  const open = input.open ?? { toNumber: [], byCustomer: 0 };
  const toNumber = async (ms: number) => {
    const [row] = await db
      .select({ n: count() })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.toNumber, input.to), eq(smsOutbox.source, 'customer'), reachesPhone(), within(input.plannedAt, ms)));
    return row!.n + open.toNumber.filter((at) => Math.abs(at.getTime() - input.plannedAt.getTime()) < ms).length;
  };
  if ((await toNumber(HOUR_MS)) >= limits.sms_per_number_per_hour) return { code: 'SMS_NUMBER_HOURLY_LIMIT' };
  if ((await toNumber(DAY_MS)) >= limits.sms_per_number_per_day) return { code: 'SMS_NUMBER_DAILY_LIMIT' };
  const [mine] = await db
    .select({ n: count() })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.requestedBy, input.requestedBy), eq(smsOutbox.source, 'customer'), reachesPhone(), gt(smsOutbox.createdAt, new Date(input.now.getTime() - DAY_MS))));
  if (mine!.n + open.byCustomer >= limits.sms_per_customer_per_day) return { code: 'SMS_CUSTOMER_DAILY_LIMIT', params: { max: limits.sms_per_customer_per_day } };
  return null;
}

/** Issue 32: the companies' texts to one number within a day of when this one reaches the phone. */
async function companyLimitHit(db: Queryable, input: { to: string; plannedAt: Date }): Promise<boolean> {
  const limits = await cachedSettings(db, 'notifications');
  const [row] = await db
    .select({ n: count() })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.toNumber, input.to), eq(smsOutbox.source, 'company'), reachesPhone(), within(input.plannedAt, DAY_MS)));
  return row!.n >= limits.sms_company_per_number_per_day;
}

/**
 * At checkout (issue 25, 32): whether a customer may ask for a text to `to`, counting their open orders
 * too — `open` is called once the number is locked. Call it in the transaction that records the order,
 * so that two checkouts at once cannot both pass. Throws the catalogue's 429 (or 409 after a STOP).
 */
export async function checkSmsLimits(
  db: Queryable,
  input: { to: string; requestedBy: string; now: Date; plannedAt?: Date | null | undefined; open?: (() => Promise<OpenSmsOrders>) | undefined },
): Promise<void> {
  await lockSmsNumber(db, input.to);
  if (await isSmsOptedOut(db, input.to)) throw new AppError('SMS_OPTED_OUT', { field: 'recipientPhone' });
  const plannedAt = input.plannedAt && input.plannedAt > input.now ? input.plannedAt : input.now;
  const hit = await customerLimitHit(db, { to: input.to, requestedBy: input.requestedBy, now: input.now, plannedAt, open: input.open ? await input.open() : undefined });
  if (hit) throw new AppError(hit.code, { field: 'recipientPhone', ...(hit.params ? { params: hit.params } : {}) });
}

/**
 * Issue 32: queues a customer's or a company's text only within the limits, checked again now that it is
 * queued (an order accepted earlier, paid later, counts here). Over a limit the text is kept as refused
 * (failed, never sent, no cost: support sees why) and null is returned; the caller's e-mail still goes.
 * Takes the number's lock: call it in a transaction.
 */
export async function enqueueLimitedSms(db: Queryable, sms: SmsEnvelope & { source: 'customer' | 'company' }): Promise<string | null> {
  await lockSmsNumber(db, sms.to);
  const plannedAt = sms.sendAt && sms.sendAt > sms.now ? sms.sendAt : sms.now;
  let refused: string | null = null;
  if (sms.source === 'company') {
    if (await companyLimitHit(db, { to: sms.to, plannedAt })) refused = 'sms_company_per_number_per_day';
  } else if (sms.requestedBy) {
    refused = (await customerLimitHit(db, { to: sms.to, requestedBy: sms.requestedBy, now: sms.now, plannedAt }))?.code ?? null;
  }
  if (refused) {
    await refuseSms(db, sms, `refused: over the limit (${refused})`);
    return null;
  }
  return enqueueSms(db, sms);
}

/** Keeps a text that is not sent (over a limit, a number that cannot take it): failed, never sent, no cost. */
export async function refuseSms(db: Queryable, sms: SmsEnvelope, why: string): Promise<void> {
  const row = outboxRow(sms);
  await db.insert(smsOutbox).values({ ...row, segments: Math.min(row.segments, 10), cost: 0, status: 'failed', lastError: why, dedupeKey: null, nextAttemptAt: sms.now });
}

/** The outbox row of a text: its parts, whose limits count it, and when it is meant to reach the phone. */
function outboxRow(sms: SmsEnvelope) {
  const { encoding, segments } = smsSegments(sms.body);
  const plannedAt = sms.sendAt && sms.sendAt > sms.now ? sms.sendAt : sms.now;
  return {
    toNumber: sms.to,
    body: sms.body,
    kind: sms.kind,
    locale: sms.locale,
    encoding,
    segments,
    userId: sms.userId ?? null,
    requestedBy: sms.requestedBy ?? null,
    voucherId: sms.voucherId ?? null,
    dedupeKey: sms.dedupeKey ?? null,
    source: sourceOf(sms),
    plannedAt,
    nextAttemptAt: plannedAt,
    createdAt: sms.now,
  };
}

const sourceOf = (sms: SmsEnvelope): SmsSource => sms.source ?? (sms.requestedBy ? 'customer' : 'platform');

/**
 * Queues a text in the caller's transaction; it leaves once that commits (at `sendAt` at the earliest).
 * Nothing is queued for a number that opted out (returns null). The body must fit in SMS_MAX_SEGMENTS
 * parts (the texts of sms-texts.ts shorten names to fit).
 */
export async function enqueueSms(db: Queryable, sms: SmsEnvelope): Promise<string | null> {
  const row = outboxRow(sms);
  if (row.segments > SMS_MAX_SEGMENTS) throw new Error(`SMS ${sms.kind} takes ${row.segments} parts (at most ${SMS_MAX_SEGMENTS})`);
  if (!sms.evenIfOptedOut && (await isSmsOptedOut(db, sms.to))) return null;
  const { sms_cost_per_segment: costPerSegment } = await cachedSettings(db, 'notifications');
  const [queued] = await db
    .insert(smsOutbox)
    .values({ ...row, cost: row.segments * costPerSegment })
    .onConflictDoNothing()
    .returning({ id: smsOutbox.id });
  return queued?.id ?? null;
}

/** A voucher's texts not sent yet are dropped when the voucher is exchanged or cancelled. */
export async function dropPendingVoucherSms(db: Queryable, voucherId: string, why: string): Promise<void> {
  await db
    .update(smsOutbox)
    .set({ status: 'failed', lastError: why })
    .where(and(eq(smsOutbox.voucherId, voucherId), eq(smsOutbox.status, 'queued')));
}

type SmsRow = typeof smsOutbox.$inferSelect;
/** `recordRetryMs`: the waits between tries to record a sent text (attempts.ts's RECORD_RETRY_MS; shorter in tests). */
type Deps = { db: Db; sms: SmsProvider; clock: Clock; log: FastifyBaseLogger; recordRetryMs?: readonly number[] };

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
  let providerId: string;
  try {
    ({ providerId } = await deps.sms.send({ to: row.toNumber, body: row.body, segments: row.segments, encoding: row.encoding as 'GSM-7' | 'UCS-2', kind: row.kind }));
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
    return;
  }
  // The provider has it: from here on the text is only recorded, never sent again. What its acceptance
  // means: `sent` (Twilio's callbacks say `delivered` later), or `written` for the file provider, which no
  // phone receives: never `delivered` (ADR 017).
  const status = deps.sms.acceptedStatus;
  const now = deps.clock.now();
  await recordAccepted(async () => {
    await deps.db
      .update(smsOutbox)
      .set({ status, providerId, sentAt: now, deliveredAt: null, lockedAt: null, lastError: null })
      .where(eq(smsOutbox.id, row.id));
  }, deps.recordRetryMs).catch((error: unknown) => deps.log.error({ err: error, smsId: row.id }, 'SMS sent but not recorded: the database did not answer'));
}

/**
 * A provider's delivery report (Twilio's MessageStatus): delivered, or failed/undelivered with its error
 * code. Issue 32: a report that changes nothing — the status already recorded, an earlier one (queued,
 * sending, sent, accepted…), a failure after delivery — is a replay and is ignored ('unchanged'), so that
 * a replayed callback cannot move a delivery's time or turn a delivered text into a failed one.
 */
export async function recordSmsStatus(
  db: Queryable,
  input: { providerId: string; status: string; errorCode?: string | undefined; now: Date },
): Promise<'unknown' | 'applied' | 'unchanged'> {
  const [row] = await db.select({ id: smsOutbox.id, status: smsOutbox.status, lastError: smsOutbox.lastError }).from(smsOutbox).where(eq(smsOutbox.providerId, input.providerId)).limit(1);
  if (!row) return 'unknown';
  if (input.status === 'delivered') {
    if (row.status === 'delivered') return 'unchanged';
    const [done] = await db
      .update(smsOutbox)
      .set({ status: 'delivered', deliveredAt: input.now, lastError: null })
      .where(and(eq(smsOutbox.id, row.id), sql`${smsOutbox.status} <> 'delivered'`))
      .returning({ id: smsOutbox.id });
    return done ? 'applied' : 'unchanged';
  }
  if (input.status === 'failed' || input.status === 'undelivered') {
    const reason = `${input.status}${input.errorCode ? ` (${input.errorCode})` : ''}`;
    if (row.status === 'delivered' || (row.status === 'failed' && row.lastError === reason)) return 'unchanged';
    const [done] = await db
      .update(smsOutbox)
      .set({ status: 'failed', lastError: reason })
      .where(and(eq(smsOutbox.id, row.id), sql`${smsOutbox.status} <> 'delivered'`, sql`${smsOutbox.lastError} is distinct from ${reason}`))
      .returning({ id: smsOutbox.id });
    return done ? 'applied' : 'unchanged';
  }
  // queued, sending, sent, accepted, scheduled…: Twilio's steps before the outcome; ours are recorded as we send.
  return 'unchanged';
}
