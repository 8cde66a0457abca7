import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toE164 } from '@farha/contracts/plain/phone';
import { AppError } from '../../lib/errors.ts';
import { turnOffSmsNotifications } from '../../modules/accounts/index.ts';
import { optOutOfSms, recordSmsStatus } from '../../modules/notifications/index.ts';
import { turnOffPartnerSms } from '../../modules/partners/index.ts';

/** Replies that mean "no more texts" (Twilio's own keywords, French and Arabic). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'ARRET', 'ARRÊT', 'توقف']);

export function isStopReply(body: string): boolean {
  return STOP_WORDS.has(body.trim().replace(/[.!]+$/, '').toUpperCase());
}

/**
 * Issue 25: Twilio's callbacks, POST /api/sms/twilio/status (a message's delivery report) and
 * /api/sms/twilio/inbound (a reply; « STOP » turns texts off for that number). Each must carry
 * Twilio's signature of PUBLIC_URL + path and its form fields (X-Twilio-Signature, made with the auth token).
 */
export async function smsWebhookRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 65_536 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const config = { rateLimit: { max: 600, timeWindow: '1 minute' } };

  async function signedForm(request: FastifyRequest): Promise<Record<string, string>> {
    const settings = app.config.twilio;
    if (app.config.smsProvider !== 'twilio' || !settings) throw new AppError('SMS_CALLBACK_UNKNOWN');
    const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, string>;
    const signature = request.headers['x-twilio-signature'];
    const url = `${app.config.publicUrl}${request.url}`;
    // The SDK is read when Twilio is configured and calls, not at every start.
    const { default: twilio } = await import('twilio');
    if (typeof signature !== 'string' || !twilio.validateRequest(settings.authToken, signature, url, form)) throw new AppError('SMS_SIGNATURE_INVALID');
    return form;
  }

  app.post('/twilio/status', { config, schema: { tags: ['sms'], hide: true } }, async (request, reply) => {
    const form = await signedForm(request);
    if (form.MessageSid && form.MessageStatus) {
      await recordSmsStatus(app.db, { providerId: form.MessageSid, status: form.MessageStatus, errorCode: form.ErrorCode, now: app.clock.now() });
    }
    return reply.status(204).send();
  });

  app.post('/twilio/inbound', { config, schema: { tags: ['sms'], hide: true } }, async (request, reply) => {
    const form = await signedForm(request);
    const from = form.From ? toE164(form.From) : null;
    if (from && isStopReply(form.Body ?? '')) {
      const now = app.clock.now();
      await app.db.transaction(async (tx) => {
        await optOutOfSms(tx, from, 'stop', now);
        await turnOffSmsNotifications(tx, from, now);
        await turnOffPartnerSms(tx, from, now);
      });
      app.log.info({ smsOptOut: true }, 'a number answered STOP');
    }
    // An empty TwiML answer: Twilio itself confirms a STOP to the sender.
    return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  });
}
