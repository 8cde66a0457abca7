import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMailboxDetail, ZMailboxList } from '@farha/contracts/checkout';
import { ZApiError } from '@farha/contracts/errors';
import { ZSmsList } from '@farha/contracts/sms';
import { latestSms, mailboxMessage, mailboxMessages } from '../../modules/notifications/index.ts';
import { requireAuth } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';

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
    async (request) => ({ messages: await mailboxMessages(app.db, requireAuth(request).userId, request.query.to) }),
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
      const message = await mailboxMessage(app.db, requireAuth(request).userId, request.params.id);
      if (!message) throw new AppError('MAILBOX_MESSAGE_NOT_FOUND');
      return message;
    },
  );
}

