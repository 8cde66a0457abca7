import { formatDzd } from '@farha/contracts/money';
import { Truck } from 'lucide-react';
import { EmptyNote, LoadFailed } from '@/components/query-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/dates';
import { errorMessage } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { wilayaByCode } from '@farha/contracts/delivery';
import { useAdvanceParcel, useDemoCourier } from '../api/demo-courier';
import { ShipmentStatusBadge } from '../components/shipment-parts';
import { useDeliveryT } from '../i18n';

/**
 * /demo/courier (issue 38, back-office roles, demo mode or COURIER=file): the parcels the « file » courier holds,
 * each moved to its next status — in transit, out for delivery, delivered (the cash collected) or returned —
 * through the same code path as the courier's webhook (docs/product/delivery.md), as the sandbox page does for
 * payments.
 */
export function DemoCourierPage() {
  const { t, locale } = useDeliveryT();
  useDocumentTitle(t('courier.title'));
  const parcels = useDemoCourier();
  const advance = useAdvanceParcel();

  return (
    <div className="space-y-6" data-testid="demo-courier">
      <PageHeader title={t('courier.title')} description={t('courier.intro')} />
      {parcels.isPending ? (
        <Skeleton className="h-48" />
      ) : parcels.isError ? (
        <LoadFailed title={errorMessage(parcels.error)} retry={t('common.retry')} onRetry={() => void parcels.refetch()} />
      ) : parcels.data.parcels.length === 0 ? (
        <EmptyNote text={t('courier.empty')} look="card" />
      ) : (
        <ul className="space-y-3">
          {parcels.data.parcels.map((parcel) => {
            const wilaya = wilayaByCode(parcel.wilayaCode);
            return (
              <li key={parcel.tracking} className="min-w-0 space-y-3 rounded-xl border border-border bg-card p-4 shadow-sm" data-testid="courier-parcel" data-tracking={parcel.tracking}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0 space-y-0.5">
                    <p className="flex items-center gap-2 font-mono font-semibold" dir="ltr">
                      <Truck aria-hidden className="size-4 text-primary" />
                      {parcel.tracking}
                    </p>
                    <p className="text-sm" dir="auto">
                      {parcel.recipientName}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {t(`method.${parcel.method}`)} · {parcel.commune} ({wilaya ? localized(wilaya.name, wilaya.nameAr, locale) : parcel.wilayaName}) · {formatDateTime(parcel.createdAt, locale)}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant={parcel.codAmount > 0 ? 'soft' : 'muted'}>{parcel.codAmount > 0 ? t('courier.cod', { amount: formatDzd(parcel.codAmount, locale) }) : t('courier.noCod')}</Badge>
                    <ShipmentStatusBadge status={parcel.status} />
                  </div>
                </div>
                {parcel.next.length > 0 ? (
                  <div className="flex flex-wrap gap-2" role="group" aria-label={t('courier.advance')}>
                    {parcel.next.map((to) => (
                      <Button
                        key={to}
                        size="sm"
                        variant={to === 'returned' ? 'destructive' : to === 'delivered' ? 'default' : 'outline'}
                        disabled={advance.isPending}
                        data-testid={`courier-${to}`}
                        onClick={() =>
                          advance.mutate(
                            { tracking: parcel.tracking, to },
                            {
                              onSuccess: () => toast.success(t('courier.moved', { tracking: parcel.tracking, status: t(`shipmentStatus.${to}`) })),
                              onError: (error) => toast.error(errorMessage(error)),
                            },
                          )
                        }
                      >
                        {to === 'delivered' && parcel.codAmount === 0 ? t('courier.to.delivered_online') : t(`courier.to.${to}`)}
                      </Button>
                    ))}
                  </div>
                ) : (
                  <p className="text-xs text-muted-foreground">{t('courier.terminal')}</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
