import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZMailboxDetail, ZMailboxMessage } from '@farha/contracts/checkout';
import { ADMIN_ROLES, SUPPORT_ROLES } from '@farha/contracts/roles';
import type { Queryable } from '../../db/client.ts';
import { emailOutbox, users } from '../../db/schema/index.ts';

type TMailboxMessage = z.infer<typeof ZMailboxMessage>;
type TMailboxDetail = z.infer<typeof ZMailboxDetail>;

const STAFF_ROLES = [...new Set<string>([...ADMIN_ROLES, ...SUPPORT_ROLES])];
/** The demo mailbox lists the newest 200 e-mails. */
const MAILBOX_LIMIT = 200;

/**
 * What one back-office account may read: mail to itself and to customers, partners and addresses with no
 * account (the demo customer and partner accounts, and those made during a demo), never mail to another
 * back-office account (its password-reset and invitation links would hand that account over: the demo
 * password is public, so anyone may log in as a demo staff account).
 */
function visibleTo(userId: string): SQL {
  return sql`not exists (select 1 from ${users} u where lower(u.email) = lower(${emailOutbox.toAddress})
    and u.id <> ${userId} and u.role in (${sql.join(STAFF_ROLES.map((role) => sql`${role}`), sql`, `)}))`;
}

function toMessage(row: typeof emailOutbox.$inferSelect): TMailboxMessage {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    template: row.template,
    status: row.status as TMailboxMessage['status'],
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** The demo mailbox (demo mode, back office): the newest e-mails the viewer may read, to an address containing `to` if given. */
export async function mailboxMessages(db: Queryable, viewerId: string, to?: string): Promise<TMailboxMessage[]> {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(and(visibleTo(viewerId), to ? ilike(emailOutbox.toAddress, `%${to}%`) : undefined))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(MAILBOX_LIMIT);
  return rows.map(toMessage);
}

/** One e-mail of the demo mailbox with its body, or null when it does not exist or the viewer may not read it. */
export async function mailboxMessage(db: Queryable, viewerId: string, id: string): Promise<TMailboxDetail | null> {
  const [row] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, id), visibleTo(viewerId)));
  return row ? { ...toMessage(row), html: row.html, text: row.text } : null;
}
