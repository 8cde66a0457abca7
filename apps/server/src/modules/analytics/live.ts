import { sql } from 'drizzle-orm';
import type { TAlert, TLiveAnalytics, TSystemStatus } from '@farha/contracts/analytics';
import { rowsOf, type Db } from '../../db/client.ts';
import { algiersDay, algiersDayStart } from '../../lib/algiers-time.ts';
import type { OwnMeasurements } from '../metrics/index.ts';
import { activeSessions } from '../tracking/index.ts';
import { liveFigures } from './rollup.ts';

const HOUR_MS = 3_600_000;
const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

/**
 * Alert thresholds (issue 13), each checked on every read against the live figures:
 * - payment failures: over the last hour, ≥ 5 payments ended and more than 20 % failed (critical above 50 %);
 * - outbox backlog: more than 100 e-mails waiting (critical above 1,000) or the oldest waiting over 15 minutes;
 * - webhook signatures: any forged webhook in the last 24 h (critical from 10);
 * - job failures: a job whose last run failed (critical after 3 failures);
 * - database: the probe query failed or took more than 1 s.
 */
export const ALERT_THRESHOLDS = {
  paymentFailureRate: { warning: 20, critical: 50, minPayments: 5 },
  outboxBacklog: { warning: 100, critical: 1000, oldestMinutes: 15 },
  webhookSignatures: { warning: 1, critical: 10 },
  jobFailures: { critical: 3 },
  databaseMs: { warning: 1000 },
} as const;

/** Payments that ended in the window by outcome (payments_created_idx range). */
async function paymentOutcomes(db: Db, since: Date): Promise<{ paid: number; failed: number }> {
  const [row] = await rowsOf<{ paid: number; failed: number }>(
    db,
    sql`select count(*) filter (where status = 'paid')::int as paid, count(*) filter (where status in ('failed', 'canceled', 'expired'))::int as failed
        from payments where created_at >= ${since.toISOString()}`,
  );
  return { paid: Number(row?.paid ?? 0), failed: Number(row?.failed ?? 0) };
}

/** System status from real checks: database probe, outbox, forged webhooks, job runs; and the alerts they raise. */
export async function systemStatus(db: Db, own: OwnMeasurements, now: Date): Promise<TSystemStatus> {
  const started = performance.now();
  let dbOk = true;
  try {
    await db.execute(sql`select 1`);
  } catch {
    dbOk = false;
  }
  const latencyMs = Math.round((performance.now() - started) * 10) / 10;
  const since24h = new Date(now.getTime() - 24 * HOUR_MS).toISOString();
  const [checks] = dbOk
    ? await rowsOf<{ backlog: number; failed: number; oldest: string | null; forged: number }>(
        db,
        sql`select
              (select count(*)::int from email_outbox where status in ('pending', 'sending')) as backlog,
              (select count(*)::int from email_outbox where status = 'failed') as failed,
              (select min(created_at)::text from email_outbox where status = 'pending') as oldest,
              (select count(*)::int from payment_webhook_events where signature_valid = false and created_at >= ${since24h}) as forged`,
      )
    : [];
  const backlog = Number(checks?.backlog ?? 0);
  const oldestPendingMinutes = checks?.oldest ? Math.max(0, Math.floor((now.getTime() - Date.parse(checks.oldest)) / 60_000)) : null;
  const forged = Number(checks?.forged ?? 0);
  const jobs = own.jobs().map((j) => ({
    job: j.job,
    lastRunAt: j.lastRunAt?.toISOString() ?? null,
    lastOutcome: j.lastOutcome,
    lastFailureAt: j.lastFailureAt?.toISOString() ?? null,
    failures: j.failures,
  }));

  const alerts: TAlert[] = [];
  const t = ALERT_THRESHOLDS;
  if (!dbOk || latencyMs > t.databaseMs.warning) {
    alerts.push({ id: 'database', kind: 'database', level: dbOk ? 'warning' : 'critical', value: latencyMs, threshold: t.databaseMs.warning, since: null });
  }
  if (dbOk) {
    const lastHour = await paymentOutcomes(db, new Date(now.getTime() - HOUR_MS));
    const ended = lastHour.paid + lastHour.failed;
    const rate = ended ? (lastHour.failed / ended) * 100 : 0;
    if (ended >= t.paymentFailureRate.minPayments && rate > t.paymentFailureRate.warning) {
      alerts.push({
        id: 'payment_failures',
        kind: 'payment_failures',
        level: rate > t.paymentFailureRate.critical ? 'critical' : 'warning',
        value: Math.round(rate * 10) / 10,
        threshold: t.paymentFailureRate.warning,
        since: new Date(now.getTime() - HOUR_MS).toISOString(),
      });
    }
  }
  if (backlog > t.outboxBacklog.warning || (oldestPendingMinutes ?? 0) > t.outboxBacklog.oldestMinutes) {
    alerts.push({
      id: 'outbox_backlog',
      kind: 'outbox_backlog',
      level: backlog > t.outboxBacklog.critical ? 'critical' : 'warning',
      value: backlog,
      threshold: t.outboxBacklog.warning,
      since: checks?.oldest ? new Date(checks.oldest).toISOString() : null,
    });
  }
  if (forged >= t.webhookSignatures.warning) {
    alerts.push({ id: 'webhook_signatures', kind: 'webhook_signatures', level: forged >= t.webhookSignatures.critical ? 'critical' : 'warning', value: forged, threshold: t.webhookSignatures.warning, since: since24h });
  }
  for (const j of jobs) {
    if (j.lastOutcome === 'failed') {
      alerts.push({ id: `job_failures:${j.job}`, kind: 'job_failures', level: j.failures >= t.jobFailures.critical ? 'critical' : 'warning', value: j.failures, threshold: 1, since: j.lastFailureAt });
    }
  }
  return {
    database: { ok: dbOk, latencyMs },
    outbox: { backlog, failed: Number(checks?.failed ?? 0), oldestPendingMinutes },
    webhooks: { signatureFailures24h: forged },
    jobs,
    alerts,
  };
}

/**
 * Today's figures (Algiers day, read live from indexed ranges), this instance's measurements and the system
 * status. Refreshed by the page every 30 s.
 * - vouchers / redemptions / revenue: vouchers issued, redeemed and GMV of orders paid today;
 * - newCustomers: customer accounts created today;
 * - activeSessions: distinct anonymous sessions that viewed a page in the last 15 minutes;
 * - apiLatencyP95Ms: 95th percentile of the last 2,048 API answers; db figures: the last 2,048 queries;
 * - paymentSuccessRate: paid / ended payments created in the last 24 h.
 */
export async function liveAnalytics(db: Db, own: OwnMeasurements, now: Date): Promise<TLiveAnalytics> {
  const today = algiersDay(now);
  const [figures, customers, payments24h, system] = await Promise.all([
    liveFigures(db, today, today),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from users where role = 'customer' and created_at >= ${algiersDayStart(now).toISOString()}`),
    paymentOutcomes(db, new Date(now.getTime() - 24 * HOUR_MS)),
    systemStatus(db, own, now),
  ]);
  const sum = (metric: string, field: 'count' | 'amount') => figures.filter((f) => f.metric === metric).reduce((t, f) => t + f[field], 0);
  const ended = payments24h.paid + payments24h.failed;
  return {
    at: now.toISOString(),
    today: {
      vouchers: sum('vouchers', 'count'),
      redemptions: sum('redemptions', 'count'),
      revenue: sum('gmv', 'amount'),
      newCustomers: Number(customers[0]?.n ?? 0),
      activeSessions: activeSessions(now),
    },
    performance: {
      apiLatencyP95Ms: round1(own.apiLatency.percentile(95)),
      requestsMeasured: own.apiLatency.count,
      dbQueryAvgMs: round1(own.dbQueries.mean()),
      dbQueryP95Ms: round1(own.dbQueries.percentile(95)),
      paymentSuccessRate: ended ? Math.round((payments24h.paid / ended) * 1000) / 10 : null,
      paymentsMeasured: ended,
      uptimeSeconds: Math.max(0, Math.floor((now.getTime() - own.startedAt.getTime()) / 1000)),
    },
    system,
  };
}
