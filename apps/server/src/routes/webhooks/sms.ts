import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@farha/contracts/errors';
import { toE164 } from '@farha/contracts/plain/phone';
import { SMS_MESSAGES, ZSmsConsentCodeRequest, ZSmsConsentConfirmRequest, ZSmsConsentResponse } from '@farha/contracts/sms';
import { requireAuth } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { turnOffSmsNotifications } from '../../modules/accounts/index.ts';
import { confirmSmsConsent, optInToSms, optOutOfSms, recordSmsStatus, sendSmsConsentCode } from '../../modules/notifications/index.ts';
import { turnOffPartnerSms } from '../../modules/partners/index.ts';

/** Replies that mean "no more texts" (Twilio's own keywords, French and Arabic). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'ARRET', 'ARRÊT', 'توقف']);
/** Replies that mean "texts again" (Twilio's own keywords, and Arabic): only the number's holder can send them. */
const START_WORDS = new Set(['START', 'YES', 'UNSTOP', 'ابدأ']);

const keyword = (body: string) => body.trim().replace(/[.!]+$/, '').toUpperCase();
export const isStopReply = (body: string): boolean => STOP_WORDS.has(keyword(body));
export const isStartReply = (body: string): boolean => START_WORDS.has(keyword(body));

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 409: ZApiError, 429: ZApiError };

/**
 * Issue 25: Twilio's callbacks, POST /api/sms/twilio/status (a message's delivery report) and
 * /api/sms/twilio/inbound (a reply; « STOP » turns texts off for that number, issue 32: « START » back on).
 * Each must carry Twilio's signature of PUBLIC_URL + path and its form fields (X-Twilio-Signature, made
 * with the auth token). Issue 32: /api/sms/consent/code and /confirm, the code that lifts a STOP.
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
      const outcome = await recordSmsStatus(app.db, { providerId: form.MessageSid, status: form.MessageStatus, errorCode: form.ErrorCode, now: app.clock.now() });
      // Issue 32: a signed callback that changes nothing (the same status again, or an earlier one) is a
      // replay or a step we record ourselves: nothing is written, it is logged, and Twilio is told 200 so
      // that it does not send it again.
      if (outcome === 'unchanged') {
        app.log.warn({ smsReplay: true, providerId: form.MessageSid, status: form.MessageStatus }, 'a Twilio status callback changed nothing (replay)');
        return reply.status(200).send();
      }
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
    } else if (from && isStartReply(form.Body ?? '')) {
      // Issue 32: the holder's own « START » lifts the STOP; the accounts' preferences stay as their owners set them.
      await optInToSms(app.db, from);
      app.log.info({ smsOptIn: true }, 'a number answered START');
    }
    // An empty TwiML answer: Twilio itself confirms a STOP to the sender.
    return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  // Each code is a text to a number that said STOP: few per person (and sms-consent.ts caps them per number and day).
  const consentLimit = { rateLimit: { max: 10, timeWindow: '15 minutes', keyGenerator: (req: FastifyRequest) => `sms-consent|${req.auth?.userId ?? req.ip}` } };
  // Signed-in people only (any role), before the body is read: an anonymous call is a 401 whatever it sends.
  const signedIn = async (request: FastifyRequest) => {
    requireAuth(request);
  };
  r.post(
    '/consent/code',
    { onRequest: signedIn, config: consentLimit, schema: { tags: ['sms'], body: ZSmsConsentCodeRequest, response: { 200: ZSmsConsentResponse, ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      await app.db.transaction((tx) => sendSmsConsentCode(tx, { userId: auth.userId, phone: request.body.phone, now: app.clock.now() }));
      return { message: SMS_MESSAGES.CONSENT_CODE_SENT.fr };
    },
  );
  r.post(
    '/consent/confirm',
    { onRequest: signedIn, config: consentLimit, schema: { tags: ['sms'], body: ZSmsConsentConfirmRequest, response: { 200: ZSmsConsentResponse, ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      await confirmSmsConsent(app.db, { userId: auth.userId, phone: request.body.phone, code: request.body.code, now: app.clock.now() });
      return { message: SMS_MESSAGES.CONSENT_CONFIRMED.fr };
    },
  );
}
