import { SHIPMENT_STATUS_RANK, type TShipmentStatus } from '@farha/contracts/delivery';
import { Check, Circle, Undo2 } from 'lucide-react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/dates';
import { useDeliveryT } from '../i18n';

const STATUS_VARIANTS: Record<TShipmentStatus, BadgeProps['variant']> = {
  to_prepare: 'outline',
  printed: 'secondary',
  handed_over: 'secondary',
  in_transit: 'secondary',
  out_for_delivery: 'accent',
  delivered: 'accent',
  returned: 'destructive',
};

/** docs/product/delivery.md §4: a shipment's status in words (« À préparer », « Livré »…). */
export function ShipmentStatusBadge({ status, className }: { status: TShipmentStatus; className?: string }) {
  const { t } = useDeliveryT();
  return (
    <Badge variant={STATUS_VARIANTS[status]} className={className} data-testid="shipment-status" data-status={status}>
      {t(`shipmentStatus.${status}`)}
    </Badge>
  );
}

/** The way to the door, in order; a returned parcel ends on « Retourné » instead of « Livré ». */
const HAPPY_PATH: TShipmentStatus[] = ['to_prepare', 'printed', 'handed_over', 'in_transit', 'out_for_delivery', 'delivered'];

/**
 * The parcel's steps with their dates (docs/product/delivery.md §4): the ones reached ticked, with the time the
 * courier or logistics said so; a status the courier skipped is ticked without a date; the rest to come.
 */
export function ShipmentTimeline({ status, events }: { status: TShipmentStatus; events: { status: TShipmentStatus; at: string }[] }) {
  const { t, locale } = useDeliveryT();
  const steps = status === 'returned' ? [...HAPPY_PATH.slice(0, -1).filter((s) => events.some((e) => e.status === s) || s === 'to_prepare'), 'returned' as const] : HAPPY_PATH;
  const rank = SHIPMENT_STATUS_RANK[status];
  return (
    <ol className="grid gap-0" data-testid="shipment-timeline">
      {steps.map((step, index) => {
        const event = events.find((e) => e.status === step);
        const reached = step === status || SHIPMENT_STATUS_RANK[step] < rank || event !== undefined;
        const last = index === steps.length - 1;
        const Icon = step === 'returned' ? Undo2 : reached ? Check : Circle;
        return (
          <li key={step} className="relative flex gap-3 pb-4 last:pb-0" data-testid="timeline-step" data-step={step} data-reached={reached}>
            {!last && <span aria-hidden className={cn('absolute start-[0.6875rem] top-6 h-[calc(100%-1.25rem)] w-0.5', reached ? 'bg-primary' : 'bg-border')} />}
            <span
              aria-hidden
              className={cn(
                'relative flex size-6 shrink-0 items-center justify-center rounded-full border-2',
                reached ? (step === 'returned' ? 'border-destructive bg-destructive text-destructive-foreground' : 'border-primary bg-primary text-primary-foreground') : 'border-border bg-card text-muted-foreground',
              )}
            >
              <Icon className={cn(reached ? 'size-3.5' : 'size-2')} />
            </span>
            <div className="min-w-0 pt-0.5">
              <p className={cn('text-sm', reached ? 'font-semibold' : 'text-muted-foreground', step === status && 'text-primary-strong')}>{t(`shipmentStatus.${step}`)}</p>
              <p className="text-xs text-muted-foreground">{event ? formatDateTime(event.at, locale) : reached ? '' : t('tracking.pending')}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
