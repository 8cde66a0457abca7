import { ZCreateOrderRequest, type TCreateOrderRequest } from '@farha/contracts/checkout';
import { ZLocale, ZOptionalPhoneText, type TLocale } from '@farha/contracts/auth';
import { canTakeSms, isAlgerianMobile, toE164 } from '@farha/contracts/plain/phone';
import { errorKey } from '@farha/contracts/plain/errors';
import { addDays } from '@farha/contracts/time';
import { z } from 'zod';
import { MAX_DELIVERY_DAYS_AHEAD } from './dates';

export const PERSONAL_MESSAGE_MAX = 500;
const ADDRESS_MAX = 300;
const SENDER_NAME_MAX = 120;

export type DeliveryMode = 'now' | 'date';
/** Issue 38 (docs/product/delivery.md): the voucher by e-mail, or a printed box a courier brings. */
export type Fulfilment = 'email' | 'physical';
export type ShippingMethod = 'home' | 'stopdesk';

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
  /** Issue 38: a printed box delivered by a courier, its method, where and the mobile the courier calls. */
  fulfilment: Fulfilment;
  shippingMethod: ShippingMethod;
  wilayaCode: string;
  commune: string;
  stopDeskId: string;
  address: string;
  deliveryPhone: string;
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
  'fulfilment',
  'shippingMethod',
  'wilayaCode',
  'commune',
  'stopDeskId',
  'address',
  'deliveryPhone',
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
      fulfilment: z.enum(['email', 'physical']),
      shippingMethod: z.enum(['home', 'stopdesk']),
      wilayaCode: z.string(),
      commune: z.string().trim(),
      stopDeskId: z.string(),
      address: z.string().trim().max(ADDRESS_MAX, { error: `${ADDRESS_MAX} caractères au maximum` }),
      deliveryPhone: ZOptionalPhoneText,
      // '' (nothing chosen yet) fails with 'Veuillez choisir un moyen de paiement'; issue 38: or `cash` on delivery.
      paymentMethod: z.string().pipe(ZCreateOrderRequest.shape.paymentMethod),
      termsAccepted: z.boolean().refine((accepted) => accepted, { error: errorKey('TERMS') }),
    })
    .superRefine((values, ctx) => {
      // The voucher of a physical box travels in it: no date to send it on, no text to the recipient.
      if (values.fulfilment === 'physical') return;
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
    })
    // Issue 38 (docs/product/delivery.md §1): where the courier goes and a mobile it can text and call. Checked even
    // while another field is wrong (`when`), so that every missing delivery field is said at once.
    .superRefine(deliveryIssues, { when: (payload) => typeof payload.value === 'object' && payload.value !== null });
}

/** The delivery fields' issues, read from the values as they are (some may still be unparsed). */
function deliveryIssues(values: Partial<Record<keyof CheckoutFormValues, unknown>>, ctx: z.RefinementCtx): void {
  if (values.fulfilment !== 'physical') return;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const issue = (path: keyof CheckoutFormValues, code: Parameters<typeof errorKey>[0]) => ctx.addIssue({ code: 'custom', path: [path], message: errorKey(code) });
  if (!text(values.wilayaCode)) issue('wilayaCode', 'DELIVERY_WILAYA');
  else if (values.shippingMethod === 'stopdesk' && !text(values.stopDeskId)) issue('stopDeskId', 'DELIVERY_STOP_DESK');
  else if (!text(values.commune)) issue('commune', 'DELIVERY_COMMUNE');
  if (values.shippingMethod === 'home' && !text(values.address)) issue('address', 'DELIVERY_ADDRESS_REQUIRED');
  const phone = toE164(text(values.deliveryPhone));
  if (!phone || !isAlgerianMobile(phone)) issue('deliveryPhone', 'DELIVERY_PHONE');
}

export type CheckoutFormOutput = z.output<ReturnType<typeof checkoutFormSchema>>;

export function toOrderRequest(boxId: string, values: CheckoutFormOutput): TCreateOrderRequest {
  if (values.fulfilment === 'physical') {
    return {
      boxId,
      recipientName: values.recipientName,
      recipientEmail: values.recipientEmail,
      recipientPhone: values.recipientPhone ?? undefined,
      senderName: values.senderName || undefined,
      personalMessage: values.personalMessage || undefined,
      paymentMethod: values.paymentMethod,
      termsAccepted: true,
      recipientLocale: values.recipientLocale,
      delivery: {
        method: values.shippingMethod,
        wilayaCode: Number(values.wilayaCode),
        commune: values.commune,
        ...(values.shippingMethod === 'stopdesk' ? { stopDeskId: values.stopDeskId } : { address: values.address }),
        phone: values.deliveryPhone ?? '',
      },
    };
  }
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
    fulfilment: 'email',
    shippingMethod: 'stopdesk',
    wilayaCode: '',
    commune: '',
    stopDeskId: '',
    address: '',
    deliveryPhone: '',
    paymentMethod: '',
    termsAccepted: false,
  };
}
