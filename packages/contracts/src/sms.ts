import { z } from 'zod';
import { ZPhone } from './auth.ts';
import { zodError } from './errors.ts';
export { SMS_LIMITS, SMS_MAX_SEGMENTS, smsSegments, type TSmsEncoding, type TSmsSegments } from './plain/sms.ts';
export { canTakeSms, formatPhone, isAlgerianMobile, toE164 } from './plain/phone.ts';

/** Issue 25: what a text is about. */
export const SMS_KINDS = [
  'gift',
  'reservation-confirmed',
  'reservation-declined',
  'reservation-reminder',
  'expiry-reminder',
  'partner-reservation-request',
  'ticket-answered',
  'sms-consent-code',
  // Issue 38 (docs/product/delivery.md §3, §4): the cash order's confirmation code and the parcel's news.
  'cod-code',
  'parcel-update',
] as const;
/** `written`: SMS_PROVIDER=file's texts, written to a file and never sent to a phone (ADR 017). */
export const SMS_STATUSES = ['queued', 'sending', 'sent', 'written', 'delivered', 'failed'] as const;
export type TSmsStatus = (typeof SMS_STATUSES)[number];

/** One text as the demo mailbox and support's diagnostics show it. */
export const ZSmsMessage = z.object({
  id: z.string(),
  to: z.string(),
  body: z.string(),
  kind: z.string(),
  locale: z.enum(['fr', 'ar']),
  encoding: z.enum(['GSM-7', 'UCS-2']),
  segments: z.number().int(),
  status: z.enum(SMS_STATUSES),
  /** Why it failed (the provider's error), when it did. */
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type TSmsMessage = z.infer<typeof ZSmsMessage>;
export const ZSmsList = z.object({ messages: z.array(ZSmsMessage) });

/** Analytics: texts and their cost (integer DZD) per day. */
export const ZSmsDay = z.object({ day: z.string(), messages: z.number().int(), segments: z.number().int(), cost: z.number().int(), failed: z.number().int() });
export const ZSmsAnalytics = z.object({ days: z.array(ZSmsDay), totals: z.object({ messages: z.number().int(), segments: z.number().int(), cost: z.number().int() }), costPerSegment: z.number().int() });
export type TSmsAnalytics = z.infer<typeof ZSmsAnalytics>;

/**
 * Issue 32: POST /api/sms/consent/code — a code texted to a number of the caller's that answered STOP;
 * POST /api/sms/consent/confirm — the code typed back: the number takes texts again.
 */
export const ZSmsConsentCodeRequest = z.object({ phone: ZPhone });
export const ZSmsConsentConfirmRequest = z.object({
  phone: ZPhone,
  code: z.string({ error: zodError('SMS_CONSENT_CODE_INVALID') }).trim().regex(/^\d{6}$/, { error: zodError('SMS_CONSENT_CODE_INVALID') }),
});
export const SMS_MESSAGES = {
  CONSENT_CODE_SENT: { fr: 'Un code a été envoyé par SMS à ce numéro', ar: 'أُرسل رمز برسالة قصيرة إلى هذا الرقم' },
  CONSENT_CONFIRMED: { fr: 'Ce numéro reçoit de nouveau les SMS', ar: 'يستقبل هذا الرقم الرسائل القصيرة من جديد' },
} as const;
export const ZSmsConsentResponse = z.object({ message: z.string() });
