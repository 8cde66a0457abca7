import type { FastifyInstance } from 'fastify';
import { OUTBOX_ENQUEUED, signals } from '../../lib/signals.ts';
import { proposeDuePayouts } from '../ledger/index.ts';
import { reconcilePendingPayments } from '../payments/index.ts';
import { type Mailer, processOutbox, processSmsOutbox, type SmsProvider } from '../notifications/index.ts';
import { runExpiryReminders, runVoucherExpiry, voucherMailHooks } from '../vouchers/index.ts';
import { cancelOpenReservationsOfVoucher, runReservationSmsReminders } from '../reservations/index.ts';
import { runAnalyticsRollup } from '../analytics/index.ts';
import { withGiftCardAttachments } from '../giftcards/index.ts';
import { withGroupCardAttachments } from '../groupgifts/index.ts';

export type Job = { name: string; everyMs: number; run: () => Promise<number> };

/**
 * When each job runs first: at once (`afterMs` 0), or `afterMs` later and `spacingMs` apart, one job after
 * another (server.ts: after the server listens, so that readiness and the first requests are not queued
 * behind sixteen first runs on the embedded database's one connection). Their every-`everyMs` runs are the same.
 */
export type FirstRuns = { afterMs: number; spacingMs: number };

/**
 * In-process workers over database tables. Each job claims its rows so that any
 * number of instances can run them; here we only make sure one run of a job at a time per process.
 */
export function startJobs(
  app: FastifyInstance,
  senders: { mailer: Mailer; sms: SmsProvider },
  extraJobs: Job[] = [],
  firstRuns: FirstRuns = { afterMs: 0, spacingMs: 0 },
): { stop: () => Promise<void>; kick: () => void } {
  const { mailer, sms } = senders;
  const deps = { db: app.db, clock: app.clock, publicUrl: app.config.publicUrl, log: app.log };
  const jobs: Job[] = [
    { name: 'outbox', everyMs: 2_000, run: () => processOutbox({ ...deps, mailer, hooks: withGroupCardAttachments(withGiftCardAttachments(voucherMailHooks)) }) },
    { name: 'sms-outbox', everyMs: 2_000, run: () => processSmsOutbox({ ...deps, sms }) },
    { name: 'reservation-sms-reminders', everyMs: 10 * 60_000, run: () => runReservationSmsReminders(deps) },
    { name: 'reconcile-payments', everyMs: 60_000, run: () => reconcilePendingPayments({ ...deps, providers: app.payments }) },
    { name: 'voucher-expiry', everyMs: 5 * 60_000, run: () => runVoucherExpiry(deps, cancelOpenReservationsOfVoucher) },
    { name: 'voucher-reminders', everyMs: 10 * 60_000, run: () => runExpiryReminders(deps) },
    ...extraJobs,
    { name: 'payout-proposals', everyMs: 60 * 60_000, run: () => proposeDuePayouts(deps) },
    { name: 'analytics-rollup', everyMs: 10 * 60_000, run: () => runAnalyticsRollup(deps) },
  ];
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  let stopped = false;

  function trigger(job: Job) {
    if (stopped) return;
    if (running.has(job.name)) {
      again.add(job.name);
      return;
    }
    const p = (async () => {
      try {
        // Keep going while there is work (a batch was full or a signal arrived meanwhile).
        const run = async () => {
          const done = await job.run();
          app.metrics.jobRun(job.name, 'ok');
          return done;
        };
        while (!stopped && ((await run()) > 0 || again.delete(job.name)));
      } catch (error) {
        app.metrics.jobRun(job.name, 'failed');
        app.log.error({ err: error, job: job.name }, 'job failed');
      } finally {
        running.delete(job.name);
      }
    })();
    running.set(job.name, p);
  }

  for (const [i, job] of jobs.entries()) {
    timers.push(setInterval(() => trigger(job), job.everyMs));
    const firstAt = firstRuns.afterMs + i * firstRuns.spacingMs;
    if (firstAt === 0) trigger(job);
    else timers.push(setTimeout(() => trigger(job), firstAt));
  }
  const outboxes = jobs.slice(0, 2);
  const onEnqueued = () => outboxes.forEach(trigger);
  signals.on(OUTBOX_ENQUEUED, onEnqueued);

  return {
    kick: onEnqueued,
    stop: async () => {
      stopped = true;
      signals.off(OUTBOX_ENQUEUED, onEnqueued);
      for (const t of timers) clearInterval(t);
      await Promise.allSettled(running.values());
      mailer.close();
    },
  };
}
