import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { desc, eq, ilike } from 'drizzle-orm';
import { ZMailboxDetail, ZMailboxList } from '@farha/contracts/checkout';
import { ZApiError } from '@farha/contracts/errors';
import { emailOutbox } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';

/** The demo mailbox: every e-mail the system sent, for back-office users, in demo mode only. */
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
      const rows = await app.db
        .select()
        .from(emailOutbox)
        .where(request.query.to ? ilike(emailOutbox.toAddress, `%${request.query.to}%`) : undefined)
        .orderBy(desc(emailOutbox.createdAt))
        .limit(200);
      return { messages: rows.map(toMessage) };
    },
  );

  r.get(
    '/mailbox/:id',
    { schema: { tags: ['demo'], params: z.object({ id: z.uuid() }), response: { 200: ZMailboxDetail, 404: ZApiError } } },
    async (request) => {
      const [row] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.id, request.params.id));
      if (!row) throw new AppError(404, 'NOT_FOUND', 'Message introuvable');
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
