import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { TSmsMessage } from '@farha/contracts/sms';
import type { Queryable } from '../../db/client.ts';
import { smsOutbox } from '../../db/schema/index.ts';

type SmsRow = typeof smsOutbox.$inferSelect;

export function toSmsMessage(row: SmsRow): TSmsMessage {
  return {
    id: row.id,
    to: row.toNumber,
    body: row.body,
    kind: row.kind,
    locale: row.locale === 'ar' ? 'ar' : 'fr',
    encoding: row.encoding === 'UCS-2' ? 'UCS-2' : 'GSM-7',
    segments: row.segments,
    status: row.status as TSmsMessage['status'],
    error: row.status === 'failed' ? row.lastError : null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** The latest texts, newest first; `to` filters on part of the number. */
export async function latestSms(db: Queryable, filter: { to?: string | undefined; limit: number }): Promise<TSmsMessage[]> {
  const digits = filter.to?.replace(/[^\d+]/g, '');
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(digits ? ilike(smsOutbox.toNumber, `%${digits.replace(/^0/, '')}%`) : undefined)
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(filter.limit);
  return rows.map(toSmsMessage);
}

/** A person's texts for support's diagnostics: to their account, or to their number. */
export async function smsOfUser(db: Queryable, user: { id: string; phone: string | null }, limit = 20): Promise<TSmsMessage[]> {
  const conditions: SQL[] = [eq(smsOutbox.userId, user.id), eq(smsOutbox.requestedBy, user.id)];
  if (user.phone) conditions.push(eq(smsOutbox.toNumber, user.phone));
  const rows = await db.select().from(smsOutbox).where(and(or(...conditions))).orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id)).limit(limit);
  return rows.map(toSmsMessage);
}
