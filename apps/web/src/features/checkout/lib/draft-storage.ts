import { z } from 'zod';
import type { CheckoutFormValues } from './checkout-form';

/**
 * The wizard's details, kept per box in sessionStorage: they survive a reload, the detour through
 * /auth and the round trip to the payment gateway (a failed payment returns to a filled form).
 * The terms are not kept: they are accepted again for each payment.
 */
const ZDraft = z.object({
  recipientName: z.string().max(500).catch(''),
  recipientEmail: z.string().max(500).catch(''),
  recipientPhone: z.string().max(40).catch(''),
  sendSms: z.boolean().catch(false),
  senderName: z.string().max(500).catch(''),
  personalMessage: z.string().max(2000).catch(''),
  deliveryMode: z.enum(['now', 'date']).catch('now'),
  deliverAt: z.string().max(10).catch(''),
  recipientLocale: z.enum(['fr', 'ar']).optional().catch(undefined),
  fulfilment: z.enum(['email', 'physical']).catch('email'),
  shippingMethod: z.enum(['home', 'stopdesk']).catch('stopdesk'),
  wilayaCode: z.string().max(3).catch(''),
  commune: z.string().max(200).catch(''),
  stopDeskId: z.string().max(100).catch(''),
  address: z.string().max(500).catch(''),
  deliveryPhone: z.string().max(40).catch(''),
  paymentMethod: z.string().max(20).catch(''),
});
export type CheckoutDraft = Omit<CheckoutFormValues, 'termsAccepted' | 'recipientLocale'> &
  Partial<Pick<CheckoutFormValues, 'recipientLocale'>>;

const keyFor = (boxId: string) => `farha.checkout.${boxId}`;

export function loadDraft(boxId: string): CheckoutDraft | null {
  try {
    const raw = sessionStorage.getItem(keyFor(boxId));
    if (!raw) return null;
    const parsed = ZDraft.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveDraft(boxId: string, values: CheckoutFormValues): void {
  const { termsAccepted: _terms, ...draft } = values;
  try {
    sessionStorage.setItem(keyFor(boxId), JSON.stringify(draft));
  } catch {
    /* storage full or unavailable: the form still works, it just will not survive a reload */
  }
}

export function clearDraft(boxId: string): void {
  try {
    sessionStorage.removeItem(keyFor(boxId));
  } catch {
    /* nothing to clear */
  }
}
