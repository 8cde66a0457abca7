import { formatDzd } from '@farha/contracts/money';
import { Hash, MapPin, Store, Truck, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, generatePath, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { BoxImage } from '@/components/domain/box-image';
import { VoucherStatusBadge } from '@/components/domain/status-badges';
import { LoadFailed } from '@/components/query-states';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { localized } from '@/lib/localized';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useBuyerOrder, useOrderShipment } from '../api/orders';
import { ShipmentStatusBadge, ShipmentTimeline } from '../components/shipment-parts';
import { useDeliveryT } from '../i18n';

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
