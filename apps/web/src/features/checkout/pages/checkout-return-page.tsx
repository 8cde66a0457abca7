import type { TOrder } from '@farha/contracts/checkout';
import { Clock, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RequireAuth } from '@/components/route-guards';
import { paths } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useLiveQueries } from '@/lib/realtime';
import { useDocumentTitle } from '@/lib/use-document-title';
import { orderQueryKey, useOrder } from '../api/orders';
import { useCheckoutTranslation } from '../i18n';
import { checkoutLinks, type CheckoutLocationState } from '../lib/links';

/** How long the page waits for the order before it offers a retry (the gateway usually answers in seconds). */
const POLL_WINDOW_MS = 30_000;
/** Issue 36: the outcome is pushed; the page asks the server itself only while the stream is down, this often. */
const FALLBACK_POLL_MS = 3_000;
const PAID = new Set<TOrder['status']>(['paid', 'fulfilled', 'refunded']);
const FAILED = new Set<TOrder['status']>(['failed', 'canceled', 'expired']);

/**
 * /checkout/return?order=<id>: where the gateway sends the buyer back, paid or not. Only a signed
 * webhook or the server's own check with the gateway confirms a payment: the server pushes the outcome
 * on the stream (docs/product/realtime.md §6) and the page reads the order again then; while the stream
 * is down it asks the server every few seconds. After the window, « Réessayer » checks with the gateway.
 */
export function CheckoutReturnPage() {
  return (
    <RequireAuth>
      <CheckoutReturn />
    </RequireAuth>
  );
}

function CheckoutReturn() {
  const { t } = useCheckoutTranslation();
  const navigate = useNavigate();
  const orderId = useSearchParams()[0].get('order');
  const [windowStart, setWindowStart] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);
  const live = useLiveQueries(
    { 'order.payment': (payment) => (payment.orderId === orderId ? [orderQueryKey(orderId)] : []) },
    { enabled: orderId !== null, onReady: orderId ? [orderQueryKey(orderId)] : [] },
  );
  const order = useOrder(orderId, { pollMs: FALLBACK_POLL_MS, pollWhile: (data) => !live && !timedOut && (!data || data.status === 'pending') });
  useDocumentTitle(t('return.title'));

  useEffect(() => {
    const timer = window.setTimeout(() => setTimedOut(true), Math.max(0, windowStart + POLL_WINDOW_MS - Date.now()));
    return () => window.clearTimeout(timer);
  }, [windowStart]);

  const data = order.data;
  useEffect(() => {
    if (!data) return;
    if (PAID.has(data.status)) void navigate(checkoutLinks.success(data.id), { replace: true });
    else if (FAILED.has(data.status)) {
      // docs/product/storefront.md §7: a payment error returns to the payment step, the details kept (sessionStorage).
      const state: CheckoutLocationState = {
        paymentError: { reason: data.failureReason, cancelled: data.status === 'canceled' },
      };
      // Issue 34: a basket's payment goes back to the basket, its lines kept.
      void navigate(data.kind === 'basket' ? paths.basket : checkoutLinks.checkout(data.box.id, 'payment'), { replace: true, state });
    }
  }, [data, navigate]);

  if (!orderId || (order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400))) {
    return (
      <Card className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-12 text-center" data-testid="order-not-found">
        <SearchX aria-hidden className="size-10 text-muted-foreground" />
        <h1 className="text-2xl font-bold">{t('order.notFound')}</h1>
        <p className="text-muted-foreground text-pretty">{orderId ? t('order.notFoundText') : t('return.noOrder')}</p>
        <Button asChild>
          <Link to={paths.catalog}>{t('success.discoverCatalog')}</Link>
        </Button>
      </Card>
    );
  }

  const retry = () => {
    setTimedOut(false);
    setWindowStart(Date.now());
    void order.refetch();
  };

  const stillPending = !data || data.status === 'pending';
  if (timedOut && stillPending) {
    return (
      <Card className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-12 text-center" data-testid="checkout-return-slow">
        <span className="flex size-16 items-center justify-center rounded-full bg-secondary/20 text-secondary-foreground">
          <Clock aria-hidden className="size-8" />
        </span>
        <h1 className="text-2xl font-bold text-balance">{t('return.slowTitle')}</h1>
        <p className="text-muted-foreground text-pretty">{t('return.slowText')}</p>
        {order.isError && <Alert variant="error">{t('order.loadError')}</Alert>}
        <div className="flex flex-wrap justify-center gap-3">
          <Button onClick={retry} loading={order.isFetching} data-testid="checkout-return-retry">
            {t('return.retry')}
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.client.dashboard}>{t('return.myVouchers')}</Link>
          </Button>
        </div>
      </Card>
    );
  }

  return (
    <Card className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-14 text-center" data-testid="checkout-return">
      <Spinner size="lg" label={t('return.title')} />
      <h1 className="text-2xl font-bold text-balance" aria-hidden>
        {t('return.title')}
      </h1>
      <p className="text-muted-foreground text-pretty">{t('return.text')}</p>
    </Card>
  );
}
