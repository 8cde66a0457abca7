import type { TVoucherLifeResponse } from '@farha/contracts/customer';
import { toast } from '@/lib/toast';
import { customerMessage } from '../i18n';

/**
 * What the exchange and the extension dialogs do with the server's answer (ZVoucherLifeResponse): `done`,
 * its message as a toast and the dialog closed; `checkout`, the browser goes to the gateway's payment page.
 */
export function followVoucherChange(result: TVoucherLifeResponse, onClose: () => void): void {
  if (result.outcome === 'checkout') {
    window.location.assign(result.checkoutUrl);
    return;
  }
  toast.success(customerMessage(result.message));
  onClose();
}

/** The change answered `checkout`: the dialog keeps its button busy while the browser leaves for the payment page. */
export function leavingForCheckout(change: { isSuccess: boolean; data: TVoucherLifeResponse | undefined }): boolean {
  return change.isSuccess && change.data?.outcome === 'checkout';
}
