import type { TVoucherStatus } from '@farha/contracts/vouchers';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { useCheckoutTranslation } from '../i18n';

const VARIANTS: Record<TVoucherStatus, BadgeProps['variant']> = {
  ISSUED: 'accent',
  DELIVERED: 'accent',
  EXTENDED: 'accent',
  RESERVED: 'secondary',
  REDEEMED: 'muted',
  SETTLED: 'muted',
  EXCHANGED: 'outline',
  CANCELLED: 'destructive',
  EXPIRED: 'destructive',
};

/** spec 01 §4: the voucher's status in words (Émis, Actif, Réservé…). */
export function VoucherStatusBadge({ status }: { status: TVoucherStatus }) {
  const { t } = useCheckoutTranslation();
  return (
    <Badge variant={VARIANTS[status]} data-testid="voucher-status" data-status={status}>
      {t(`voucherStatus.${status}`)}
    </Badge>
  );
}
