import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { TAuditEntry, TAuditPage } from '@farha/contracts/admin';
import type { Queryable } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

/** Who did it: the signed-in back-office user (kept as text too, so the entry outlives the account). */
export type AuditActor = { userId: string; email: string; role: string };

export type AuditRecord = {
  actor: AuditActor;
  action: string;
  entityType: string;
  entityId: string;
  /** French, kept with the row (the log reads without the web; older entries have only this). */
  summary: string;
  /** What the web words from `action` in the reader's language (issue 15): names, amounts, field keys. */
  params: Record<string, unknown>;
  before?: unknown;
  after?: unknown;
  now: Date;
};

/** Appends one entry (issue 12: who, when, what, before and after). Call it in the action's transaction. */
export async function recordAudit(db: Queryable, entry: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actor.userId,
    actorEmail: entry.actor.email,
    actorRole: entry.actor.role,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    summary: entry.summary,
    params: entry.params,
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: entry.now,
  });
}

function toEntry(row: typeof auditLog.$inferSelect): TAuditEntry {
  return {
    id: row.id,
    actorEmail: row.actorEmail,
    actorRole: row.actorRole,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    summary: row.summary,
    params: (row.params as Record<string, unknown> | null) ?? null,
    before: row.before,
    after: row.after,
    createdAt: row.createdAt.toISOString(),
  };
}

export type AuditFilter = { action?: string; entityType?: string; entityId?: string; actor?: string; page: number; pageSize: number };

/** The log, latest first, filtered by action (prefix), entity and actor e-mail. */
export async function listAudit(db: Queryable, filter: AuditFilter): Promise<TAuditPage> {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(ilike(auditLog.action, `${filter.action.replace(/[%_\\]/g, '\\$&')}%`));
  if (filter.entityType) conditions.push(eq(auditLog.entityType, filter.entityType));
  if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
  if (filter.actor) conditions.push(ilike(auditLog.actorEmail, `%${filter.actor.replace(/[%_\\]/g, '\\$&')}%`));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.seq))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { entries: rows.map(toEntry), total: Number(total?.n ?? 0), page: filter.page, pageSize: filter.pageSize };
}
