import type { TCompanyOrderStatus } from '@farha/contracts/company';
import { Badge } from '@/components/ui/badge';
import { useCompanyT } from '../i18n';

const VARIANT: Record<TCompanyOrderStatus, 'soft' | 'accent' | 'muted' | 'secondary' | 'default'> = {
  awaiting_payment: 'accent',
  awaiting_transfer: 'accent',
  issuing: 'secondary',
  issued: 'soft',
  canceled: 'muted',
};

export function OrderStatusBadge({ status }: { status: TCompanyOrderStatus }) {
  const { t } = useCompanyT();
  return <Badge variant={VARIANT[status]}>{t(`status.${status}`)}</Badge>;
}

/** The issuance progress (issue 27): a bar while the vouchers of a large order are issued. */
export function IssueProgress({ issued, total }: { issued: number; total: number }) {
  const { t } = useCompanyT();
  const percent = total > 0 ? Math.round((issued / total) * 100) : 0;
  return (
    <div className="grid gap-2" data-testid="issue-progress">
      <div role="progressbar" aria-valuemin={0} aria-valuemax={total} aria-valuenow={issued} aria-label={t('order.progress', { issued, total })} className="h-3 overflow-hidden rounded-full bg-muted">
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-muted-foreground">{t('order.progress', { issued, total })}</p>
    </div>
  );
}
