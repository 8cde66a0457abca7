import type { TOrder } from '@farha/contracts/checkout';
import { formatDate, formatDzd, formatForeign } from '@farha/contracts/money';
import { isVoucherStatusIn } from '@farha/contracts/plain/vouchers';
import { CircleX, Download, House, Printer, SearchX, Send, ShoppingBag } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, generatePath, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { RequireAuth } from '@/components/route-guards';
import { paths, to } from '@/config/paths';
import { GiftIllustration } from '@/components/brand/gift-illustration';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { basketQueryKey } from '@/lib/basket';
import { useLiveQueries } from '@/lib/realtime';
import { useDocumentTitle } from '@/lib/use-document-title';
import { orderQueryKey, useOrder, useResendVoucher } from '../api/orders';
import { CopyCodeButton } from '@/components/domain/copy-code-button';
import { PAYMENT_METHOD_NAMES } from '@/components/domain/payment-method-logo';
import '@/components/domain/print-alone.css';
import { BasketOrderSuccess } from '../components/basket-order';
import { ShareLinks } from '../components/share-links';
import { VoucherCard } from '../components/voucher-card';
import { checkoutMessage, useCheckoutTranslation } from '../i18n';
import { isolate } from '@/lib/bidi';
import { SmsNote } from '../components/sms-note';
import { clearDraft } from '../lib/draft-storage';
import { checkoutLinks } from '../lib/links';

const PAID = new Set<TOrder['status']>(['paid', 'fulfilled']);
const FAILED = new Set<TOrder['status']>(['failed', 'canceled', 'expired']);
/** How long the page keeps reading the order for the voucher to be issued and its e-mail accepted. */
const FOLLOW_UP_MS = 30_000;
/** Issue 36: the voucher's delivery is pushed; the page asks the server itself only while the stream is down, this often. */
const FALLBACK_POLL_MS = 3_000;

const isScheduled = (order: TOrder) => order.deliverAt !== null && Date.parse(order.deliverAt) > Date.now();

/** /success?order=<id> (docs/product/storefront.md §9): the purchaser's voucher, ready to share. */
export function SuccessPage() {
  return (
    <RequireAuth>
      <Success />
    </RequireAuth>
  );
}

function Success() {
  const { t } = useCheckoutTranslation();
  const orderId = useSearchParams()[0].get('order');
  const [followUp, setFollowUp] = useState(true);
  // Issue 36 (docs/product/realtime.md §6): the payment's outcome and the voucher's e-mail accepted are pushed to
  // the purchaser (a basket's gifts are orders of their own: any delivery of the purchaser's reads this one again).
  const live = useLiveQueries(
    {
      'order.payment': (payment) => (payment.orderId === orderId ? [orderQueryKey(orderId)] : []),
      'order.voucher': () => (orderId ? [orderQueryKey(orderId)] : []),
    },
    { enabled: orderId !== null, onReady: orderId ? [orderQueryKey(orderId)] : [] },
  );
  const order = useOrder(orderId, {
    pollMs: FALLBACK_POLL_MS,
    // While the stream is down: until the voucher exists and (when sent now) its e-mail went out, within a short window.
    pollWhile: (data) =>
      !live &&
      followUp &&
      !!data &&
      PAID.has(data.status) &&
      (data.kind === 'basket'
        ? data.lines.some((line) => !line.voucher) // issue 34: until every gift's voucher is issued
        : !data.voucher || (data.voucher.status === 'ISSUED' && !isScheduled(data))),
  });
  const data = order.data;
  useDocumentTitle(t('success.title'));

  useEffect(() => {
    const timer = window.setTimeout(() => setFollowUp(false), FOLLOW_UP_MS);
    return () => window.clearTimeout(timer);
  }, []);

  // The gift is bought: the wizard's saved details are no longer needed.
  const paidBoxId = data && PAID.has(data.status) ? data.box.id : null;
  useEffect(() => {
    if (paidBoxId) clearDraft(paidBoxId);
  }, [paidBoxId]);
  // Issue 34: a paid basket is emptied on the server; the header's count follows.
  const queryClient = useQueryClient();
  const paidBasket = !!data && data.kind === 'basket' && PAID.has(data.status);
  useEffect(() => {
    if (paidBasket) void queryClient.invalidateQueries({ queryKey: basketQueryKey });
  }, [paidBasket, queryClient]);

  if (!orderId || (order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400))) {
    return (
      <Card className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-12 text-center" data-testid="order-not-found">
        <SearchX aria-hidden className="size-10 text-muted-foreground" />
        <h1 className="text-2xl font-bold">{t('order.notFound')}</h1>
        <p className="text-muted-foreground text-pretty">{t('order.notFoundText')}</p>
        <Button asChild>
          <Link to={paths.catalog}>{t('success.discoverCatalog')}</Link>
        </Button>
      </Card>
    );
  }
  if (!data) {
    if (order.isError) {
      return (
        <Alert variant="error" className="mx-auto max-w-xl">
          <div className="flex flex-wrap items-center justify-between gap-3">
            {t('order.loadError')}
            <Button variant="outline" size="sm" onClick={() => void order.refetch()}>
              {t('checkout.retry')}
            </Button>
          </div>
        </Alert>
      );
    }
    return (
      <div className="mx-auto grid max-w-5xl gap-6" data-testid="success-loading">
        <Skeleton className="mx-auto h-24 w-64" />
        <Skeleton className="h-[28rem]" />
      </div>
    );
  }
  if (data.status === 'pending') return <Navigate to={`${paths.checkoutReturn}?${new URLSearchParams({ order: data.id })}`} replace />;
  if (FAILED.has(data.status)) {
    return (
      <Card className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-12 text-center" data-testid="order-failed">
        <CircleX aria-hidden className={data.status === 'canceled' ? 'size-10 text-muted-foreground' : 'size-10 text-destructive'} />
        {data.status === 'canceled' ? (
          <>
            <h1 className="text-2xl font-bold">{t('payment.cancelled')}</h1>
            <p className="text-muted-foreground">{t('payment.cancelledText')}</p>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold">{t('order.failedTitle')}</h1>
            <p className="text-muted-foreground">
              {t('payment.failed')}
              {data.failureReason && <> {t('payment.failedReason', { reason: checkoutMessage(data.failureReason) })}</>}
            </p>
          </>
        )}
        <Button asChild>
          <Link to={data.kind === 'basket' ? paths.basket : checkoutLinks.checkout(data.box.id, 'payment')}>{t('order.tryAgain')}</Link>
        </Button>
      </Card>
    );
  }
  if (data.status === 'refunded') {
    return (
      <Alert className="mx-auto max-w-xl" data-testid="order-refunded">
        {t('order.refunded')}
      </Alert>
    );
  }
  if (data.kind === 'basket') return <BasketOrderSuccess order={data} />;
  if (!data.voucher) {
    return (
      <Card className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-14 text-center">
        <Spinner size="lg" label={t('success.preparing')} showLabel className="flex-col" />
      </Card>
    );
  }
  return <SuccessScreen order={data} voucher={data.voucher} />;
}

function SuccessScreen({ order, voucher }: { order: TOrder; voucher: NonNullable<TOrder['voucher']> }) {
  const { t, locale } = useCheckoutTranslation();
  const resend = useResendVoucher();
  const scheduled = isScheduled(order);
  const boxUrl = `${window.location.origin}${to.box(order.box.id)}`;

  const onResend = () =>
    resend.mutate(voucher.id, {
      onSuccess: () => toast.success(t('success.resent', { email: isolate(order.recipientEmail) })),
      onError: (error) => toast.error(checkoutMessage(error)),
    });

  return (
    <div className="mx-auto max-w-5xl space-y-8" data-testid="success-page">
      <header className="flex flex-col items-center gap-3 text-center">
        <div className="rounded-full bg-gradient-to-br from-[#b5451b] to-[#5e230d] p-3 shadow-md">
          <GiftIllustration className="w-20" />
        </div>
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{t('success.title')}</h1>
        <p className="max-w-xl text-lg text-muted-foreground text-pretty">
          {t('success.subtitle', { name: order.recipientName })}
        </p>
      </header>

      {voucher.status === 'AWAITING_DELIVERY' ? (
        // Issue 38: a physical box: the voucher travels in it and is usable once it is delivered.
        <Alert data-testid="delivery-notice" className="mx-auto max-w-3xl">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>{t('shipping.successText')}</span>
            <Button asChild size="sm">
              <Link to={generatePath(paths.orderTracking, { id: order.id })} data-testid="success-track-parcel">
                {t('shipping.follow')}
              </Link>
            </Button>
          </div>
        </Alert>
      ) : scheduled && order.deliverAt ? (
        <Alert data-testid="delivery-notice" className="mx-auto max-w-3xl">
          <strong>{t('success.scheduled', { date: formatDate(order.deliverAt, locale) })}</strong>{' '}
          {t('success.scheduledTo', { email: isolate(order.recipientEmail) })}
          <SmsNote sms={order.recipientSms} phone={order.recipientPhone} className="mt-1" />
        </Alert>
      ) : (
        <Alert variant="success" data-testid="delivery-notice" className="mx-auto max-w-3xl">
          {voucher.status === 'ISSUED'
            ? t('success.sendingTo', { email: isolate(order.recipientEmail) })
            : t('success.sentTo', { email: isolate(order.recipientEmail) })}
          <SmsNote sms={order.recipientSms} phone={order.recipientPhone} className="mt-1" />
        </Alert>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_19rem] lg:items-start">
        <div className="space-y-3">
          <VoucherCard order={order} voucher={voucher} codeActions={<CopyCodeButton code={voucher.code} labels={{ copy: t('success.copy'), copied: t('success.copied'), failed: t('success.copyFailed') }} />} />
          {/* Issue 35: an order its gift card paid whole took nothing from a bank card. */}
          {(order.amount > 0 || order.giftCardAmount === 0) && (
          <p className="text-center text-sm text-muted-foreground">
            {t('success.paid', {
              // Issue 24: a card charged in euros or dollars shows both amounts.
              amount:
                order.charge.currency === 'DZD'
                  ? formatDzd(order.amount, locale)
                  : `${formatForeign(order.charge.amount, order.charge.currency)} (${formatDzd(order.amount, locale)})`,
              method: order.paymentMethod === 'cash' ? t('shipping.cashName') : PAYMENT_METHOD_NAMES[order.paymentMethod],
            })}
          </p>
          )}
          {order.discount > 0 && (
            // Issue 35: the code's discount, « Réduction BIENVENUE −x DA » (docs/product/promotions.md §11).
            <p className="text-center text-sm font-semibold text-success" data-testid="success-discount">
              {t('success.discount', { code: order.promoCode ?? '' }).trim()} <span className="whitespace-nowrap">−{formatDzd(order.discount, locale)}</span>
            </p>
          )}
          {order.giftCardAmount > 0 && (
            // Issue 35: what the gift card paid, « Carte cadeau CC-…-WXYZ −x DA » (docs/product/gift-cards.md §4).
            <p className="text-center text-sm font-semibold text-success" data-testid="success-gift-card">
              {t('success.giftCard')} {order.giftCardCode && <bdi dir="ltr">{order.giftCardCode}</bdi>}{' '}
              <span className="whitespace-nowrap">−{formatDzd(order.giftCardAmount, locale)}</span>
            </p>
          )}
        </div>

        <aside className="space-y-5 print:hidden">
          <Card className="space-y-2.5 p-5">
            <h2 className="sr-only">{t('success.actions')}</h2>
            <Button asChild variant="default" className="w-full">
              <a href={voucher.pdfUrl} download={`farha-${voucher.code}.pdf`} data-testid="download-pdf">
                <Download aria-hidden />
                {t('success.pdf')}
              </a>
            </Button>
            {isVoucherStatusIn('resendable', voucher.status) && (
              <Button variant="outline" className="w-full" onClick={onResend} loading={resend.isPending} data-testid="resend-voucher">
                <Send aria-hidden className="rtl:-scale-x-100" />
                {t('success.resend')}
              </Button>
            )}
            <Button variant="outline" className="w-full" onClick={() => window.print()} data-testid="print-voucher">
              <Printer aria-hidden />
              {t('success.print')}
            </Button>
          </Card>
          <Card className="space-y-3 p-5">
            <h2 className="font-semibold">{t('success.share')}</h2>
            <ShareLinks boxUrl={boxUrl} />
          </Card>
          <div className="grid gap-2.5">
            <Button asChild variant="secondary">
              <Link to={paths.home}>
                <House aria-hidden />
                {t('success.backHome')}
              </Link>
            </Button>
            <Button asChild variant="ghost">
              <Link to={paths.catalog}>
                <ShoppingBag aria-hidden />
                {t('success.discoverCatalog')}
              </Link>
            </Button>
          </div>
        </aside>
      </div>
    </div>
  );
}
