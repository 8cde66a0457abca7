import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { boxes, companies, companyMembers, companyOrderLines, companyOrders, vouchers } from '../../db/schema/index.ts';
import { algiersInstant } from '../../lib/algiers-time.ts';
import type { Clock } from '../../lib/clock.ts';
import { enqueueEmail, wakeOutbox } from '../notifications/index.ts';
import { publishEach } from '../realtime/index.ts';
import { cachedBoxOffers, issueGiftVouchers, queueGiftVoucherEmails } from '../vouchers/index.ts';
import { companyEmail } from './emails.ts';
import { issueInvoice } from './invoices.ts';
import { orderNumber } from './order-facts.ts';
import { recipientSms } from './sms.ts';

type Order = typeof companyOrders.$inferSelect;
type Ctx = { now: Date; publicUrl: string };

/**
 * Issue 32 (ADR 015's addendum): an order's lines per transaction. Each holds the database for a fraction of
 * a second (PGlite has one connection: other requests pass between two batches), and a batch is the unit
 * a kill or a failure loses, which the next run does again.
 */
export const ISSUE_BATCH = 200;
/** A batch that failed (not a deadlock, which is retried at once) is tried again after this, doubling, at most an hour. */
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 3_600_000;
/** A deadlock or a serialisation failure is tried again at once, this many times, before it counts as a failure. */
const CONFLICT_RETRIES = 4;

/**
 * How long a run waits, in short pauses, for an issuing order whose row another transaction holds, before it
 * leaves the order to the job's next run. The holder is usually brief: another instance's batch, or the second
 * click of a transfer, whose update locks the row it then finds already issuing until its transaction ends.
 */
const BUSY_WAIT_MS = 5_000;
const BUSY_PAUSE_MS = 50;

/**
 * Issue 36 (docs/product/realtime.md §6): the order's page of each member of the company (who may all read it)
 * follows the order's status and progress bar by push, in the transaction of the change.
 */
async function publishOrderProgress(tx: Queryable, order: { id: string; companyId: string; status: string; issued: number }, now: Date): Promise<void> {
  const members = await tx.select({ userId: companyMembers.userId }).from(companyMembers).where(eq(companyMembers.companyId, order.companyId)).orderBy(asc(companyMembers.userId));
  await publishEach(tx, 'company.order', members.map((m) => ({ audience: { userId: m.userId }, payload: { orderId: order.id, status: order.status, issued: order.issued } })), now);
}

/** What a batch did: more to do, the order is issued, nothing (not issuing), or the order's row is held by another. */
export type StepOutcome = 'more' | 'done' | 'skip' | 'busy';

/**
 * The paid order starts issuing: awaiting → issuing by one conditional update, so that a replayed webhook
 * or a second click of finance starts nothing more (the idempotency of the whole order). Runs in the
 * caller's transaction (the payment's, or finance's with its audit); the vouchers come after it commits.
 */
export async function startIssuance(
  tx: Db,
  orderId: string,
  paid: { transferReference: string } | { paymentOrderId: string },
  now: Date,
): Promise<Order | null> {
  const [order] = await tx
    .update(companyOrders)
    .set({
      status: 'issuing',
      paidAt: now,
      updatedAt: now,
      checkoutUrl: null,
      issueError: null,
      issueAttempts: 0,
      issueRetryAt: null,
      ...('transferReference' in paid ? { transferReference: paid.transferReference } : {}),
    })
    .where(and(eq(companyOrders.id, orderId), inArray(companyOrders.status, 'transferReference' in paid ? ['awaiting_transfer'] : ['awaiting_payment', 'canceled'])))
    .returning();
  if (order) await publishOrderProgress(tx, order, now);
  return order ?? null;
}

/**
 * One batch of an order's issuance, in its own transaction, in three phases that a restart resumes where they
 * stopped: (1) vouchers for the next lines without one (a line holds its voucher: the unique key that makes
 * a retried batch issue nothing twice); (2) once every line has its voucher, the recipients' e-mails and
 * texts, the next lines not yet told; (3) the invoice, the company's e-mail, and the order `issued`.
 * Every batch takes the order's row first (and skips it when another holds it), then writes in line order:
 * two batches never wait on each other in opposite orders, which is what deadlocked on PostgreSQL.
 */
export async function issueStep(db: Db, orderId: string, ctx: Ctx, batch = ISSUE_BATCH): Promise<StepOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(companyOrders)
      .where(and(eq(companyOrders.id, orderId), eq(companyOrders.status, 'issuing')))
      .for('update', { skipLocked: true });
    if (!order) {
      const [held] = await tx.select({ id: companyOrders.id }).from(companyOrders).where(and(eq(companyOrders.id, orderId), eq(companyOrders.status, 'issuing')));
      return held ? ('busy' as const) : ('skip' as const);
    }
    const [company] = await tx.select().from(companies).where(eq(companies.id, order.companyId));
    const lines = await tx
      .select()
      .from(companyOrderLines)
      .where(and(eq(companyOrderLines.orderId, orderId), isNull(companyOrderLines.voucherId)))
      .orderBy(asc(companyOrderLines.line))
      .limit(batch);
    const boxesOf = async (ids: string[]) => new Map((await tx.select().from(boxes).where(inArray(boxes.id, [...new Set(ids)]))).map((b) => [b.id, b]));

    if (lines.length > 0) {
      const boxById = await boxesOf(lines.map((l) => l.boxId));
      const issued = await issueGiftVouchers(
        tx,
        ctx,
        lines.map((line) => {
          const deliverAt = line.deliverOn ? algiersInstant(line.deliverOn, '09:00') : null;
          return {
            box: boxById.get(line.boxId)!,
            orderId: order.paymentOrderId,
            purchaserId: order.createdBy,
            recipientEmail: line.email ?? '',
            recipientName: line.name,
            recipientLocale: line.locale,
            senderName: company!.name,
            personalMessage: line.message,
            faceValue: line.unitPrice,
            deliverAt: deliverAt && deliverAt > ctx.now ? deliverAt : null,
          };
        }),
      );
      const values = sql.join(lines.map((line, j) => sql`(${line.id}::uuid, ${issued[j]!.id}::uuid)`), sql`, `);
      await tx.execute(sql`update ${companyOrderLines} set voucher_id = v.voucher_id from (values ${values}) as v(id, voucher_id) where ${companyOrderLines.id} = v.id`);
      // The progress bar: vouchers issued so far.
      await tx
        .update(companyOrders)
        .set({ issued: sql`${companyOrders.issued} + ${lines.length}`, issueError: null, updatedAt: ctx.now })
        .where(eq(companyOrders.id, orderId));
      await publishOrderProgress(tx, { ...order, issued: order.issued + lines.length }, ctx.now);
      return 'more' as const;
    }

    const untold = await tx
      .select({ line: companyOrderLines, voucher: vouchers })
      .from(companyOrderLines)
      .innerJoin(vouchers, eq(vouchers.id, companyOrderLines.voucherId))
      .where(and(eq(companyOrderLines.orderId, orderId), isNotNull(companyOrderLines.voucherId), isNull(companyOrderLines.notifiedAt)))
      .orderBy(asc(companyOrderLines.line))
      .limit(batch);
    if (untold.length > 0) {
      const boxById = await boxesOf(untold.map((u) => u.voucher.boxId));
      await queueGiftVoucherEmails(tx, ctx, untold.map((u) => ({ voucher: u.voucher, box: boxById.get(u.voucher.boxId)! })), cachedBoxOffers(tx));
      // Texts in the numbers' order: the SMS outbox locks each number, always in the same order then.
      const texts = untold.filter((u) => u.line.mobile).sort((a, b) => (a.line.mobile! < b.line.mobile! ? -1 : a.line.mobile! > b.line.mobile! ? 1 : 0));
      for (const { line, voucher } of texts) {
        await recipientSms(tx, { voucherId: voucher.id, mobile: line.mobile!, locale: line.locale, sendAt: voucher.deliverAt, now: ctx.now, publicUrl: ctx.publicUrl });
      }
      await tx
        .update(companyOrderLines)
        .set({ notifiedAt: ctx.now })
        .where(inArray(companyOrderLines.id, untold.map((u) => u.line.id)));
      return 'more' as const;
    }

    const invoice = await issueInvoice(tx, order, ctx.now);
    await tx
      .update(companyOrders)
      .set({ status: 'issued', issuedAt: ctx.now, issued: order.recipients, issueError: null, issueRetryAt: null, updatedAt: ctx.now })
      .where(eq(companyOrders.id, orderId));
    await publishOrderProgress(tx, { ...order, status: 'issued', issued: order.recipients }, ctx.now);
    await enqueueEmail(tx, {
      now: ctx.now,
      to: company!.contactEmail,
      template: 'company-order-issued',
      render: (locale) =>
        companyEmail({
          locale,
          name: company!.contactName,
          link: `${ctx.publicUrl}/entreprise/commandes/${orderId}`,
          subject: { fr: `Commande ${orderNumber(orderId)} : bons émis`, ar: `الطلب ${orderNumber(orderId)}: تم إصدار القسائم` },
          paragraphs: [
            {
              fr: `Le paiement est reçu : les ${order.recipients} bons sont émis et partent chacun à sa date. Votre facture ${invoice.number} est disponible dans votre espace.`,
              ar: `تم استلام الدفع: أُصدرت ${order.recipients} قسيمة وستُرسل كل واحدة في تاريخها. فاتورتك ${invoice.number} متاحة في فضائك.`,
            },
          ],
        }),
    });
    return 'done' as const;
  });
  return outcome;
}

/** A deadlock (40P01) or a serialisation failure (40001), however the driver wraps it. */
export function isConflict(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '40P01' || e.code === '40001') return true;
  }
  return false;
}

/** What finance reads of a failure: the database's own words (the innermost cause), not the query. */
function errorText(error: unknown): string {
  let inner = error as { message?: unknown; code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; inner?.cause && depth < 4; depth++) inner = inner.cause as typeof inner;
  const message = typeof inner?.message === 'string' ? inner.message : String(error);
  return typeof inner?.code === 'string' ? `${message} (${inner.code})` : message;
}

/** Figures of this process's issuing, for tests and logs. */
export const issuanceFigures = { conflictsRetried: 0, failures: 0 };

export type IssuanceDeps = { db: Db; clock: Clock; publicUrl: string; log?: FastifyBaseLogger; /** Pause between two batches, to let other requests pass (the embedded database). */ pauseMs?: number };

/** A batch, tried again at once on a deadlock or a serialisation failure (another instance, a customer's checkout). */
async function stepWithRetries(deps: IssuanceDeps, orderId: string): Promise<StepOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await issueStep(deps.db, orderId, { now: deps.clock.now(), publicUrl: deps.publicUrl });
    } catch (error) {
      if (!isConflict(error) || attempt >= CONFLICT_RETRIES) throw error;
      issuanceFigures.conflictsRetried++;
      deps.log?.warn({ order: orderId, attempt }, 'company order issuance: conflict, tried again');
      await new Promise((resolve) => setTimeout(resolve, 20 * (attempt + 1) + Math.random() * 30));
    }
  }
}

/** A failed batch is written on the order, for finance to see (issueError) and for the job to try again later. */
async function recordFailure(deps: IssuanceDeps, orderId: string, error: unknown) {
  issuanceFigures.failures++;
  deps.log?.error({ err: error, order: orderId }, 'company order issuance failed; the job tries again');
  const now = deps.clock.now();
  const message = errorText(error).slice(0, 500);
  await deps.db
    .update(companyOrders)
    .set({
      issueError: message,
      issueAttempts: sql`${companyOrders.issueAttempts} + 1`,
      issueRetryAt: sql`${now.toISOString()}::timestamptz + least(${RETRY_BASE_MS}::float8 * power(2, ${companyOrders.issueAttempts}), ${RETRY_MAX_MS}) * interval '1 millisecond'`,
      updatedAt: now,
    })
    .where(eq(companyOrders.id, orderId));
}

/** Runs an order's batches until it is issued, skipped or failed (then recorded). */
async function issueWholeOrder(deps: IssuanceDeps, orderId: string, stopped: () => boolean): Promise<StepOutcome | 'failed'> {
  let busySince: number | null = null;
  for (;;) {
    let outcome: StepOutcome;
    try {
      outcome = await stepWithRetries(deps, orderId);
    } catch (error) {
      await recordFailure(deps, orderId, error).catch((e: unknown) => deps.log?.error({ err: e, order: orderId }, 'could not record the issuance failure'));
      return 'failed';
    }
    if (outcome === 'busy') {
      // Another transaction holds the order's row for a moment: wait for it rather than leave a paid order
      // issuing until the job's next run (a transfer recorded twice at once answered 202 and issued nothing).
      busySince ??= performance.now();
      if (stopped() || performance.now() - busySince > BUSY_WAIT_MS) return 'skip';
      await new Promise((resolve) => setTimeout(resolve, BUSY_PAUSE_MS));
      continue;
    }
    busySince = null;
    if (outcome !== 'more') {
      if (outcome === 'done') wakeOutbox();
      return outcome;
    }
    if (stopped()) return 'skip';
    // Give way: requests that queued during the batch go first (one connection on PGlite).
    await new Promise((resolve) => (deps.pauseMs ? setTimeout(resolve, deps.pauseMs) : setImmediate(resolve)));
  }
}

/**
 * The issuing job: every order `issuing` and due (never tried, or its retry time passed), oldest paid first,
 * each to its end. An order interrupted by a restart is `issuing` with some lines done: it goes on from there.
 * Returns the orders it worked on.
 */
export async function runCompanyIssuance(deps: IssuanceDeps, stopped: () => boolean = () => false, onOrder?: (orderId: string) => void): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ id: companyOrders.id })
    .from(companyOrders)
    .where(and(eq(companyOrders.status, 'issuing'), or(isNull(companyOrders.issueRetryAt), lte(companyOrders.issueRetryAt, now))))
    .orderBy(asc(companyOrders.paidAt), asc(companyOrders.id))
    .limit(50);
  for (const { id } of due) {
    if (stopped()) break;
    await issueWholeOrder(deps, id, stopped);
    onOrder?.(id);
  }
  return due.length;
}

/**
 * This process's issuer: one run at a time (so its own batches never cross), woken when an order starts
 * issuing (finance's transfer, or any outbox signal, which a paid checkout raises after its commit), every
 * `everyMs` when the jobs run, and once at start to take up what a restart interrupted.
 */
export function createIssuer(deps: IssuanceDeps) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const waiters = new Map<string, Set<() => void>>();
  const settle = (orderId: string) => {
    for (const resolve of waiters.get(orderId) ?? []) resolve();
    waiters.delete(orderId);
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await runCompanyIssuance(deps, () => stopped, settle);
        } while (again && !stopped);
      } catch (error) {
        deps.log?.error({ err: error }, 'company issuance job failed');
      } finally {
        running = null;
        // A wake-up that came after the last look: one more run (whose end answers the waiters); else whoever
        // still waits (an order not due, or issued elsewhere) learns its state from the database.
        if (again && !stopped) kick();
        else for (const id of [...waiters.keys()]) settle(id);
      }
    })();
  };
  return {
    kick,
    /** Resolves when this process has worked on the order (issued it, or recorded its failure), or after `ms`. */
    worked(orderId: string, ms: number): Promise<void> {
      return new Promise((resolve) => {
        const set = waiters.get(orderId) ?? new Set();
        const done = () => {
          clearTimeout(timer);
          set.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        timer.unref();
        set.add(done);
        waiters.set(orderId, set);
        kick();
      });
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}
