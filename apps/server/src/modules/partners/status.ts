import { and, gte, lte, sql } from 'drizzle-orm';
import type { TSystemStatus } from '@farha/contracts/partner';
import type { Config } from '../../config.ts';
import { ping, type Db } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';

type Service = TSystemStatus['services'][number];

const STARTED_AT = Date.now();
const BACKLOG_LATE_MS = 5 * 60_000;

function minutesAgo(then: Date, now: Date): string {
  const m = Math.max(0, Math.round((now.getTime() - then.getTime()) / 60_000));
  if (m < 1) return "à l'instant";
  if (m < 60) return `il y a ${m} min`;
  const h = Math.round(m / 60);
  return h < 48 ? `il y a ${h} h` : `il y a ${Math.round(h / 24)} j`;
}

/**
 * docs/product/partners.md §14, « État Système »: the real health of our own services, measured now — database round trip,
 * e-mail outbox backlog and last delivery, the payment gateway configuration and the background jobs.
 */
export async function systemStatus(db: Db, config: Config, now: Date): Promise<TSystemStatus> {
  const checkedAt = now.toISOString();
  const services: Service[] = [];

  // Database: one round trip, timed.
  const t0 = performance.now();
  let dbOk = true;
  try {
    await ping(db);
  } catch {
    dbOk = false;
  }
  const dbMs = performance.now() - t0;
  const dbStatus = !dbOk ? 'down' : dbMs > 500 ? 'degraded' : 'operational';
  services.push({
    key: 'database',
    service: 'Base de données',
    status: dbStatus,
    detail: dbOk ? `Réponse en ${dbMs.toFixed(1)} ms` : 'Base de données injoignable',
    detailCode: dbOk ? 'db_response' : 'db_down',
    detailParams: dbOk ? { ms: Math.round(dbMs * 10) / 10 } : {},
    lastCheck: checkedAt,
    responseTime: Math.round(dbMs) / 1000,
  });
  // The scanner is an API call that needs the database and nothing else.
  services.push({
    key: 'scanner',
    service: 'Scanner et validation des vouchers',
    status: dbStatus,
    detail: dbOk ? 'Validation disponible' : 'Validation impossible : base de données injoignable',
    detailCode: dbOk ? 'scanner_ok' : 'scanner_down',
    detailParams: {},
    lastCheck: checkedAt,
    responseTime: null,
  });

  // E-mail: what waits past its due time, what failed recently, when the last message left.
  if (dbOk) {
    const late = new Date(now.getTime() - BACKLOG_LATE_MS);
    const dayAgo = new Date(now.getTime() - 86_400_000);
    const [row] = await db
      .select({
        waiting: sql<number>`(count(*) filter (where ${emailOutbox.status} in ('pending', 'sending') and ${emailOutbox.nextAttemptAt} <= ${now.toISOString()}::timestamptz))::int`,
        late: sql<number>`(count(*) filter (where ${emailOutbox.status} in ('pending', 'sending') and ${emailOutbox.nextAttemptAt} <= ${late.toISOString()}::timestamptz))::int`,
        failed: sql<number>`(count(*) filter (where ${emailOutbox.status} = 'failed' and ${emailOutbox.createdAt} >= ${dayAgo.toISOString()}::timestamptz))::int`,
        lastSent: sql<string | null>`max(${emailOutbox.sentAt})`,
      })
      .from(emailOutbox)
      .where(and(gte(emailOutbox.createdAt, new Date(now.getTime() - 30 * 86_400_000)), lte(emailOutbox.createdAt, now)));
    const waiting = Number(row?.waiting ?? 0);
    const lateCount = Number(row?.late ?? 0);
    const failed = Number(row?.failed ?? 0);
    const lastSent = row?.lastSent ? new Date(row.lastSent) : null;
    const status = lateCount > 0 && (!lastSent || now.getTime() - lastSent.getTime() > BACKLOG_LATE_MS) ? 'down' : lateCount > 0 || failed > 0 ? 'degraded' : 'operational';
    const parts = [
      waiting === 0 ? 'Aucun e-mail en attente' : `${waiting} e-mail${waiting > 1 ? 's' : ''} en attente`,
      lastSent ? `dernier envoi ${minutesAgo(lastSent, now)}` : 'aucun envoi récent',
      ...(failed ? [`${failed} échec${failed > 1 ? 's' : ''} sur 24 h`] : []),
    ];
    services.push({
      key: 'email',
      service: 'E-mails (notifications et vouchers)',
      status,
      detail: parts.join(' · '),
      detailCode: 'email_queue',
      detailParams: { waiting, failed, lastSentMinutes: lastSent ? Math.max(0, Math.round((now.getTime() - lastSent.getTime()) / 60_000)) : null },
      lastCheck: checkedAt,
      responseTime: null,
    });
  } else {
    services.push({ key: 'email', service: 'E-mails (notifications et vouchers)', status: 'down', detail: 'File d’envoi inaccessible', detailCode: 'email_down', detailParams: {}, lastCheck: checkedAt, responseTime: null });
  }

  // Payments: which gateway this instance is configured with.
  const chargily = config.paymentProvider === 'chargily';
  services.push({
    key: 'payments',
    service: 'Paiements en ligne',
    status: chargily && !config.paymentSecretKey ? 'down' : 'operational',
    detail: chargily ? `Chargily Pay (${config.chargilyMode === 'live' ? 'production' : 'test'})` : 'Passerelle de test (sandbox)',
    detailCode: chargily ? 'payments_chargily' : 'payments_sandbox',
    detailParams: chargily ? { mode: config.chargilyMode === 'live' ? 'live' : 'test' } : {},
    lastCheck: checkedAt,
    responseTime: null,
  });

  services.push({
    key: 'jobs',
    service: 'Tâches de fond (envois, expirations, rapprochements)',
    status: config.jobs ? 'operational' : 'degraded',
    detail: config.jobs ? 'Actives sur cette instance' : 'Désactivées sur cette instance',
    detailCode: config.jobs ? 'jobs_on' : 'jobs_off',
    detailParams: {},
    lastCheck: checkedAt,
    responseTime: null,
  });

  const overall = services.some((s) => s.status === 'down') ? 'down' : services.some((s) => s.status === 'degraded') ? 'degraded' : 'healthy';
  return {
    overall,
    services,
    checkedAt,
    instanceUptimeSeconds: Math.floor((Date.now() - STARTED_AT) / 1000),
  };
}

