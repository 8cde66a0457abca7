import { paths } from '@/config/paths';

/** Where the checkout, its gateway return and the success screen live, with their query. */
export const checkoutLinks = {
  checkout: (boxId: string, step?: 'payment') =>
    `${paths.checkout}?${new URLSearchParams(step ? { box: boxId, step } : { box: boxId })}`,
  success: (orderId: string) => `${paths.success}?${new URLSearchParams({ order: orderId })}`,
  reserve: (code: string) => `${paths.client.dashboard}?${new URLSearchParams({ reserve: code })}`,
};

/** Navigation state the gateway-return page gives the checkout after a failed payment. */
export interface CheckoutLocationState {
  /** A box handed over by the page that sent the visitor here (catalogue, box page). */
  box?: unknown;
  /** `cancelled`: the customer cancelled on the gateway's page (not an error: nothing was charged). */
  paymentError?: { reason: string | null; cancelled?: boolean };
}
