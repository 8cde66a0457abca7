import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { ZMailboxDetail, ZMailboxList } from '@farha/contracts/checkout';
import { ZApiError } from '@farha/contracts/errors';
import { ZSmsList } from '@farha/contracts/sms';
import { latestSms } from './sms-views.ts';
import { ADMIN_ROLES, SUPPORT_ROLES } from '@farha/contracts/roles';
import { emailOutbox, users } from '../../db/schema/index.ts';
import { requireAuth } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';

const STAFF_ROLES = [...new Set<string>([...ADMIN_ROLES, ...SUPPORT_ROLES])];

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

/** The demo mailbox: every e-mail and text message the system sent, for back-office users, in demo mode only. */
export async function mailboxRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async () => {
    if (!app.config.demoMode) throw notFound();
  });

  r.get(
    '/mailbox',
    {
      schema: {
        tags: ['demo'],
        querystring: z.object({ to: z.string().trim().max(254).optional() }),
        response: { 200: ZMailboxList },
      },
    },
    async (request) => {
      const viewer = requireAuth(request).userId;
      const rows = await app.db
        .select()
        .from(emailOutbox)
        .where(and(visibleTo(viewer), request.query.to ? ilike(emailOutbox.toAddress, `%${request.query.to}%`) : undefined))
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
        .limit(200);
      return { messages: rows.map(toMessage) };
    },
  );

  // Issue 25: the text messages (SMS_PROVIDER=file writes the same under DATA_DIR/sms), next to the e-mails.
  r.get(
    '/mailbox/sms',
    { schema: { tags: ['demo'], querystring: z.object({ to: z.string().trim().max(40).optional() }), response: { 200: ZSmsList } } },
    async (request) => ({ messages: await latestSms(app.db, { to: request.query.to, limit: 200 }) }),
  );

  r.get(
    '/mailbox/:id',
    { schema: { tags: ['demo'], params: z.object({ id: z.uuid() }), response: { 200: ZMailboxDetail, 404: ZApiError } } },
    async (request) => {
      const viewer = requireAuth(request).userId;
      const [row] = await app.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.id, request.params.id), visibleTo(viewer)));
      if (!row) throw new AppError('MAILBOX_MESSAGE_NOT_FOUND');
      return { ...toMessage(row), html: row.html, text: row.text };
    },
  );
}

function toMessage(row: typeof emailOutbox.$inferSelect) {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    template: row.template,
    status: row.status as 'pending' | 'sending' | 'sent' | 'failed',
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}
