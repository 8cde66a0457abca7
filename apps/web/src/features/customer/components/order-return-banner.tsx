import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { FAILED_ORDER, PAID_ORDER, useReturningOrder } from '../api/orders';
import { customerKeys } from '../api/vouchers';
import { customerMessage, useCustomerT } from '../i18n';

/**
 * Back from the payment gateway after a paid extension or exchange (`?order=<id>`): the payment's
 * outcome, read from the server (the browser never confirms a payment itself).
 */
export function OrderReturnBanner({ orderId, onDismiss }: { orderId: string; onDismiss: () => void }) {
  const { t } = useCustomerT();
  const queryClient = useQueryClient();
  const order = useReturningOrder(orderId);
  const status = order.data?.status;
  const paid = status !== undefined && PAID_ORDER.has(status);

  // Once paid, the vouchers changed (new expiry, new voucher): read them again.
  useEffect(() => {
    if (paid) void queryClient.invalidateQueries({ queryKey: customerKeys.vouchers });
  }, [paid, queryClient]);

  const dismiss = (
    <Button variant="ghost" size="icon-sm" onClick={onDismiss} aria-label={t('common.close')} className="-my-1 ms-auto size-7">
      <X aria-hidden className="size-4" />
    </Button>
  );

  if (order.isError) {
    return (
      <Alert variant="error" data-testid="order-return">
        <div className="flex items-start gap-2">
          {t('orderReturn.unknown')}
          {dismiss}
        </div>
      </Alert>
    );
  }
  if (!order.data || status === 'pending') {
    return (
      <Alert data-testid="order-return" data-state="pending">
        <div className="flex items-center gap-2">
          <Spinner size="sm" decorative />
          {t('orderReturn.pending')}
        </div>
      </Alert>
    );
  }
  const kind = order.data.kind;
  if (paid) {
    return (
      <Alert variant="success" data-testid="order-return" data-state="paid">
        <div className="flex items-start gap-2">
          {kind === 'extension' ? t('orderReturn.paidExtension') : kind === 'exchange' ? t('orderReturn.paidExchange') : t('orderReturn.paidPurchase')}
          {dismiss}
        </div>
      </Alert>
    );
  }
  if (status !== undefined && FAILED_ORDER.has(status)) {
    return (
      <Alert variant="error" data-testid="order-return" data-state="failed">
        <div className="flex items-start gap-2">
          <span>
            {t('orderReturn.failed')}
            {order.data.failureReason && <> {t('orderReturn.reason', { reason: customerMessage(order.data.failureReason) })}</>}
          </span>
          {dismiss}
        </div>
      </Alert>
    );
  }
  return null;
}
