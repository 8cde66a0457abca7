import { COD_CODE_LENGTH } from '@farha/contracts/delivery';
import { formatDzd } from '@farha/contracts/money';
import { CircleCheck, Hash, MapPin, MessageSquareText, PackageX, Store, Truck, Wallet } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, generatePath, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { BoxImage } from '@/components/domain/box-image';
import { VoucherStatusBadge } from '@/components/domain/status-badges';
import { LoadFailed } from '@/components/query-states';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useBuyerOrder, useCashConfirmationState, useConfirmCash, useOrderShipment, useResendCashCode } from '../api/orders';
import { ShipmentStatusBadge, ShipmentTimeline } from '../components/shipment-parts';
import { useDeliveryT } from '../i18n';

// Issue 38: the buyer's two pages of a physical order, one chunk (they follow each other, and each lazy page is a
// line of the storefront's first load): the cash code's confirmation, then the parcel's steps.

/** The order's codes after which no code is asked again (the order ended, or its time ran out). */
const ENDED = new Set(['expired', 'canceled', 'failed']);

/**
 * /commande/:id/confirmer (issue 38, docs/product/delivery.md §3): a cash order is confirmed by the 6-digit code
 * texted to the delivery mobile before anything is prepared; « Renvoyer le code » once a minute, three times.
 */
export function ConfirmCashPage() {
  const { t } = useDeliveryT();
  const { id = '' } = useParams();
  useDocumentTitle(t('confirm.title'));
  const order = useBuyerOrder(id);
  const awaiting = order.data?.status === 'awaiting_confirmation';
  const state = useCashConfirmationState(id, awaiting);
  const [done, setDone] = useState(false);

  let content;
  if (order.isPending) content = <Skeleton className="h-72" />;
  else if (order.isError)
    content =
      order.error instanceof ApiError && order.error.status === 404 ? (
        <Alert variant="error">{t('confirm.notFound')}</Alert>
      ) : (
        <LoadFailed title={t('tracking.loadError')} retry={t('common.retry')} onRetry={() => void order.refetch()} />
      );
  else if (done || order.data.status === 'cash_pending' || order.data.status === 'paid' || order.data.status === 'fulfilled')
    content = <Confirmed orderId={id} amount={order.data.amount} />;
  else if (ENDED.has(order.data.status))
    content = (
      <Card className="flex flex-col items-center gap-4 px-6 py-10 text-center" data-testid="cash-confirm-ended">
        <PackageX aria-hidden className="size-10 text-muted-foreground" />
        <h2 className="text-xl font-bold">{t('confirm.expiredTitle')}</h2>
        <p className="max-w-md text-muted-foreground text-pretty">{t('confirm.expiredText')}</p>
        <Button asChild>
          <Link to={paths.catalog}>{t('confirm.backToCatalog')}</Link>
        </Button>
      </Card>
    );
  else if (!awaiting) content = <Alert>{t('confirm.closedTitle')}</Alert>;
  else
    content = (
      <CodeForm
        orderId={id}
        boxName={order.data.box.name}
        amount={order.data.amount}
        phone={state.data?.phoneMasked ?? null}
        resendAvailableAt={state.data?.resendAvailableAt ?? null}
        resendsLeft={state.data?.resendsLeft ?? null}
        onConfirmed={() => setDone(true)}
      />
    );

  return (
    <div className="mx-auto w-full max-w-xl space-y-6">
      <PageHeader title={t('confirm.title')} />
      {content}
    </div>
  );
}

interface CodeFormProps {
  orderId: string;
  boxName: string;
  amount: number;
  phone: string | null;
  resendAvailableAt: string | null;
  resendsLeft: number | null;
  onConfirmed: () => void;
}

function CodeForm({ orderId, boxName, amount, phone, resendAvailableAt, resendsLeft, onConfirmed }: CodeFormProps) {
  const { t, locale } = useDeliveryT();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmCash(orderId);
  const resend = useResendCashCode(orderId);
  const wait = useSecondsUntil(resendAvailableAt);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\D/g, '');
    if (digits.length !== COD_CODE_LENGTH) {
      setError(t('confirm.codeFormat'));
      return;
    }
    setError(null);
    confirm.mutate(digits, {
      onSuccess: onConfirmed,
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  const again = () =>
    resend.mutate(undefined, {
      onSuccess: () => {
        setError(null);
        toast.success(t('confirm.resent'));
      },
      onError: (failure) => setError(errorMessage(failure)),
    });

  return (
    <Card className="grid gap-5 p-5 sm:p-7" data-testid="cash-confirm">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
          <MessageSquareText aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 space-y-1 text-sm">
          <p className="text-pretty">{t('confirm.intro')}</p>
          {phone && (
            <p className="font-semibold" dir="ltr" data-testid="cash-confirm-phone">
              {phone}
            </p>
          )}
        </div>
      </div>
      <div className="rounded-lg bg-muted/60 px-4 py-3 text-sm">
        <p className="font-semibold">{t('confirm.box', { name: boxName })}</p>
        <p className="text-muted-foreground" data-testid="cash-confirm-amount">
          {t('confirm.toPay', { amount: formatDzd(amount, locale) })}
        </p>
      </div>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="cod-code">{t('confirm.code')}</Label>
          <Input
            id="cod-code"
            name="code"
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/[^\d\s]/g, '').slice(0, 8))}
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            maxLength={8}
            placeholder="123456"
            className="max-w-48 text-center font-mono text-xl tracking-[0.4em]"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'cod-code-error' : 'cod-code-hint'}
            data-testid="cash-code"
            autoFocus
          />
          {error ? (
            <p id="cod-code-error" className="text-sm font-medium text-destructive" role="alert" data-testid="cash-code-error">
              {error}
            </p>
          ) : (
            <p id="cod-code-hint" className="text-xs text-muted-foreground">
              {t('confirm.codeHint')}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Button type="submit" size="lg" disabled={confirm.isPending} data-testid="cash-confirm-submit">
            {confirm.isPending ? t('confirm.submitting') : t('confirm.submit')}
          </Button>
          <Button type="button" variant="ghost" disabled={resend.isPending || wait > 0 || resendsLeft === 0} onClick={again} data-testid="cash-resend">
            {wait > 0 ? t('confirm.resendIn', { seconds: wait }) : t('confirm.resend')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Whole seconds left until `iso` (0 once passed), ticking every second. */
function useSecondsUntil(iso: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  const target = iso ? Date.parse(iso) : 0;
  const left = Math.max(0, Math.ceil((target - now) / 1000));
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [left]);
  return left;
}

function Confirmed({ orderId, amount }: { orderId: string; amount: number }) {
  const { t, locale } = useDeliveryT();
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-10 text-center" data-testid="cash-confirmed">
      <span className="flex size-16 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
        <CircleCheck aria-hidden className="size-8" />
      </span>
      <h2 className="text-xl font-bold">{t('confirm.doneTitle')}</h2>
      <p className="max-w-md text-muted-foreground text-pretty">{t('confirm.doneText', { amount: formatDzd(amount, locale) })}</p>
      <Button asChild size="lg">
        <Link to={generatePath(paths.orderTracking, { id: orderId })} data-testid="cash-follow">
          {t('confirm.follow')}
        </Link>
      </Button>
    </Card>
  );
}

/**
 * /commande/:id (issue 38, docs/product/delivery.md §4, §5): the buyer's physical order, its parcel's steps with
 * their dates, the tracking number and where it goes; the voucher inside stays « En attente de livraison » until
 * the box is delivered (and paid, for cash).
 */
export function OrderTrackingPage() {
  const { t, locale } = useDeliveryT();
  const { id = '' } = useParams();
  useDocumentTitle(t('tracking.title'));
  const order = useBuyerOrder(id);
  const shipment = useOrderShipment(id, order.isSuccess);

  if (order.isPending || (order.isSuccess && shipment.isPending)) {
    return (
      <Frame>
        <Skeleton className="h-96" />
      </Frame>
    );
  }
  if (order.isError || shipment.isError) {
    const error = order.error ?? shipment.error;
    return (
      <Frame>
        {error instanceof ApiError && error.status === 404 ? (
          <Alert variant="error">{t('confirm.notFound')}</Alert>
        ) : (
          <LoadFailed title={t('tracking.loadError')} retry={t('common.retry')} onRetry={() => void (order.isError ? order.refetch() : shipment.refetch())} />
        )}
      </Frame>
    );
  }

  const data = order.data;
  const parcel = shipment.data?.shipment ?? null;
  const voucher = data.voucher;

  return (
    <Frame>
      <Card className="flex gap-4 p-4" data-testid="tracking-order">
        <BoxImage src={data.box.imageUrl} className="aspect-square w-20 shrink-0 rounded-lg" />
        <div className="min-w-0 space-y-1">
          <p className="font-bold leading-tight">{data.box.name}</p>
          <p className="text-sm text-muted-foreground">{formatDzd(data.amount, locale)}</p>
          {voucher && (
            <VoucherStatusBadge status={voucher.status} label={t(`voucherStatus.${voucher.status}`)} />
          )}
        </div>
      </Card>

      {data.status === 'awaiting_confirmation' && (
        <Alert data-testid="tracking-awaiting-code">
          <div className="flex flex-wrap items-center justify-between gap-3">
            {t('tracking.awaitingConfirmation')}
            <Button asChild size="sm">
              <Link to={generatePath(paths.orderConfirm, { id })}>{t('tracking.confirmNow')}</Link>
            </Button>
          </div>
        </Alert>
      )}

      {parcel && (
        <Card className="grid gap-5 p-5 sm:p-6" data-testid="tracking-parcel">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-bold">{t('tracking.parcel')}</h2>
            <ShipmentStatusBadge status={parcel.status} />
          </div>
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <Fact icon={Hash} label={t('tracking.tracking')}>
              {parcel.tracking ? (
                <span dir="ltr" className="font-mono" data-testid="tracking-number">
                  {parcel.tracking}
                </span>
              ) : (
                <span className="text-muted-foreground">{t('tracking.noTracking')}</span>
              )}
            </Fact>
            <Fact icon={parcel.method === 'stopdesk' ? Store : Truck} label={t(`method.${parcel.method}`)}>
              <span dir="auto" data-testid="tracking-destination">
                {parcel.method === 'stopdesk' && parcel.stopDesk ? `${parcel.stopDesk.name}, ` : parcel.address ? `${parcel.address}, ` : ''}
                {parcel.commune} ({localized(parcel.wilaya.name, parcel.wilaya.nameAr, locale)})
              </span>
            </Fact>
            <Fact icon={MapPin} label={t('tracking.fee')}>
              {parcel.fee === 0 ? t('tracking.feeFree') : formatDzd(parcel.fee, locale)}
            </Fact>
            <Fact icon={Wallet} label={parcel.codAmount > 0 ? t('tracking.cod') : t('tracking.paidOnline')}>
              {parcel.codAmount > 0 ? formatDzd(parcel.codAmount, locale) : formatDzd(data.amount, locale)}
            </Fact>
          </dl>
          <section aria-labelledby="timeline-title" className="grid gap-3">
            <h3 id="timeline-title" className="text-sm font-semibold">
              {t('tracking.timeline')}
            </h3>
            <ShipmentTimeline status={parcel.status} events={parcel.events} />
          </section>
          <VoucherNote status={parcel.status} cash={parcel.codAmount > 0} />
        </Card>
      )}
    </Frame>
  );
}

function VoucherNote({ status, cash }: { status: string; cash: boolean }) {
  const { t } = useDeliveryT();
  if (status === 'delivered') return <Alert data-testid="tracking-voucher-note">{t('tracking.voucherReady')}</Alert>;
  if (status === 'returned')
    return (
      <Alert variant="error" data-testid="tracking-voucher-note">
        <p className="font-semibold">{t('tracking.voucherCancelled')}</p>
        <p>{cash ? t('tracking.returnedCash') : t('tracking.returnedOnline')}</p>
      </Alert>
    );
  return (
    <p className="text-sm text-muted-foreground" data-testid="tracking-voucher-note">
      {t('tracking.voucherWaiting', { cash: cash ? t('tracking.voucherWaitingCash') : '' })}
    </p>
  );
}

function Fact({ icon: Icon, label, children }: { icon: typeof Hash; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Icon aria-hidden className="size-3.5 shrink-0 text-accent" />
        {label}
      </dt>
      <dd className="mt-0.5 break-words ps-5">{children}</dd>
    </div>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const { t } = useDeliveryT();
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6" data-testid="order-tracking">
      <PageHeader title={t('tracking.title')} />
      {children}
    </div>
  );
}
