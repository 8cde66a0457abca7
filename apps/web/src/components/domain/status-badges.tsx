import type { TReservationStatus } from '@farha/contracts/reservations';
import type { TVoucherStatus } from '@farha/contracts/vouchers';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

// The badges take their words from the feature that shows them (each words the statuses for its
// readers); the colours and the test hooks are the same everywhere.

const VOUCHER_VARIANTS: Record<TVoucherStatus, BadgeProps['variant']> = {
  ISSUED: 'accent',
  DELIVERED: 'accent',
  EXTENDED: 'accent',
  RESERVED: 'secondary',
  REDEEMED: 'muted',
  SETTLED: 'muted',
  EXCHANGED: 'outline',
  CANCELLED: 'destructive',
  EXPIRED: 'destructive',
  AWAITING_DELIVERY: 'secondary',
};

/** docs/product/vouchers.md §3: the voucher's status in words (Émis, Actif, Réservé…). */
export function VoucherStatusBadge({ status, label, className }: { status: TVoucherStatus; label: string; className?: string }) {
  return (
    <Badge variant={VOUCHER_VARIANTS[status]} data-testid="voucher-status" data-status={status} className={className}>
      {label}
    </Badge>
  );
}

const RESERVATION_CLASSES: Record<TReservationStatus, string> = {
  pending: 'border-transparent bg-secondary/25 text-foreground',
  confirmed: 'border-transparent bg-success text-success-foreground',
  declined: 'border-transparent bg-destructive text-destructive-foreground',
  cancelled: 'border-border text-muted-foreground',
  proposed: 'border-transparent bg-primary-soft text-primary-strong',
  completed: 'border-transparent bg-muted text-muted-foreground',
};

export function ReservationStatusBadge({ status, label }: { status: TReservationStatus; label: string }) {
  return (
    <Badge variant="outline" className={cn(RESERVATION_CLASSES[status])} data-testid="reservation-status" data-status={status}>
      {label}
    </Badge>
  );
}
