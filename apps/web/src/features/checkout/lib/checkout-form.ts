import { ZCreateOrderRequest, ZPaymentMethod, type TCreateOrderRequest } from '@farha/contracts/checkout';
import { ZLocale, ZOptionalPhoneText, type TLocale } from '@farha/contracts/auth';
import { canTakeSms } from '@farha/contracts/plain/phone';
import { errorKey } from '@farha/contracts/plain/errors';
import { addDays } from '@farha/contracts/time';
import { z } from 'zod';
import { MAX_DELIVERY_DAYS_AHEAD } from './dates';

export const PERSONAL_MESSAGE_MAX = 500;
const SENDER_NAME_MAX = 120;

export type DeliveryMode = 'now' | 'date';

/** What the wizard's form holds (strings as typed; the schema turns them into the order request). */
export interface CheckoutFormValues {
  recipientName: string;
  recipientEmail: string;
  /** Issue 25: the recipient's mobile, as typed; « Envoyer aussi par SMS ». */
  recipientPhone: string;
  sendSms: boolean;
  senderName: string;
  personalMessage: string;
  deliveryMode: DeliveryMode;
  deliverAt: string;
  recipientLocale: TLocale;
  paymentMethod: string;
  termsAccepted: boolean;
}

/** Step 1's fields: validated before moving on to the payment step. */
export const DETAIL_FIELDS = [
  'recipientName',
  'recipientEmail',
  'recipientPhone',
  'sendSms',
  'senderName',
  'personalMessage',
  'deliveryMode',
  'deliverAt',
  'recipientLocale',
] as const satisfies readonly (keyof CheckoutFormValues)[];

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * docs/product/storefront.md §7 on the client, with the contracts' own field rules and messages; the server checks
 * everything again. `today` is the current day in Algiers.
 */
export function checkoutFormSchema(today: string) {
  const lastDay = addDays(today, MAX_DELIVERY_DAYS_AHEAD);
  return z
    .object({
      recipientName: ZCreateOrderRequest.shape.recipientName,
      recipientEmail: ZCreateOrderRequest.shape.recipientEmail,
      recipientPhone: ZOptionalPhoneText,
      sendSms: z.boolean(),
      senderName: z.string().trim().max(SENDER_NAME_MAX, { error: `${SENDER_NAME_MAX} caractères au maximum` }),
      personalMessage: z
        .string()
        .trim()
        .max(PERSONAL_MESSAGE_MAX, { error: `${PERSONAL_MESSAGE_MAX} caractères au maximum` }),
      deliveryMode: z.enum(['now', 'date']),
      deliverAt: z.string(),
      recipientLocale: ZLocale,
      // '' (nothing chosen yet) fails with 'Veuillez choisir un moyen de paiement'.
      paymentMethod: z.string().pipe(ZPaymentMethod),
      termsAccepted: z.boolean().refine((accepted) => accepted, { error: errorKey('TERMS') }),
    })
    .superRefine((values, ctx) => {
      if (values.sendSms && !values.recipientPhone) ctx.addIssue({ code: 'custom', path: ['recipientPhone'], message: errorKey('SMS_PHONE_REQUIRED') });
      else if (values.sendSms && values.recipientPhone && !canTakeSms(values.recipientPhone)) {
        ctx.addIssue({ code: 'custom', path: ['recipientPhone'], message: errorKey('SMS_NOT_MOBILE') });
      }
      if (values.deliveryMode !== 'date') return;
      const day = values.deliverAt;
      if (!day) ctx.addIssue({ code: 'custom', path: ['deliverAt'], message: errorKey('VALIDATION') });
      else if (!isDay(day) || day < today || day > lastDay) {
        ctx.addIssue({ code: 'custom', path: ['deliverAt'], message: errorKey('DELIVERY_DATE') });
      }
    });
}

export type CheckoutFormOutput = z.output<ReturnType<typeof checkoutFormSchema>>;

export function toOrderRequest(boxId: string, values: CheckoutFormOutput): TCreateOrderRequest {
  return {
    boxId,
    recipientName: values.recipientName,
    recipientEmail: values.recipientEmail,
    recipientPhone: values.recipientPhone ?? undefined,
    sendSms: values.sendSms && !!values.recipientPhone,
    senderName: values.senderName || undefined,
    personalMessage: values.personalMessage || undefined,
    deliverAt: values.deliveryMode === 'date' ? values.deliverAt : undefined,
    paymentMethod: values.paymentMethod,
    termsAccepted: true,
    recipientLocale: values.recipientLocale,
  };
}

export function emptyCheckoutForm(locale: TLocale): CheckoutFormValues {
  return {
    recipientName: '',
    recipientEmail: '',
    recipientPhone: '',
    sendSms: false,
    senderName: '',
    personalMessage: '',
    deliveryMode: 'now',
    deliverAt: '',
    recipientLocale: locale,
    paymentMethod: '',
    termsAccepted: false,
  };
}
