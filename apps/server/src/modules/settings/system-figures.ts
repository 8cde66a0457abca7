import { sql } from 'drizzle-orm';
import type { TSystemFigures } from '@farha/contracts/admin';
import { rowsOf, type Db } from '../../db/client.ts';

/**
 * The four tiles of the settings page (docs/product/back-office.md §7), measured:
 * - uptime: seconds since this server instance started;
 * - active users: distinct accounts with a session seen in the last 15 minutes (sessions.last_seen_at,
 *   written at most once a minute per session);
 * - transactions per minute: payment attempts (any outcome) created over the last hour, divided by 60 (every
 *   status named, so that payments_pending_idx (status, created_at) answers);
 * - storage: the database's size on disk plus the stored files' bytes (KYC documents, attachments).
 */
export async function systemFigures(db: Db, input: { now: Date; startedAt: Date; dbKind: 'pglite' | 'postgres' }): Promise<TSystemFigures> {
  const now = input.now.toISOString();
  const [row] = await rowsOf<{ active: number; payments: number; files: string | number; database: string | number }>(
    db,
    sql`select
      (select count(distinct user_id)::int from sessions where last_seen_at > ${now}::timestamptz - interval '15 minutes' and expires_at > ${now}::timestamptz) as active,
      (select count(*)::int from payments where status in ('pending', 'processing', 'paid', 'failed', 'canceled', 'expired') and created_at > ${now}::timestamptz - interval '1 hour' and created_at <= ${now}::timestamptz) as payments,
      (select coalesce(sum(size_bytes), 0)::bigint from stored_files) as files,
      pg_database_size(current_database())::bigint as database`,
  );
  const payments = Number(row?.payments ?? 0);
  return {
    uptimeSeconds: Math.max(0, Math.floor((input.now.getTime() - input.startedAt.getTime()) / 1000)),
    activeUsers15m: Number(row?.active ?? 0),
    transactionsLastHour: payments,
    transactionsPerMinute: Math.round((payments / 60) * 100) / 100,
    storage: { databaseBytes: Number(row?.database ?? 0), filesBytes: Number(row?.files ?? 0) },
  };
}
