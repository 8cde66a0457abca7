import { BadgeCheck, CircleAlert, Clock } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { usePartnerMe } from '../api/me';
import { usePartnerTranslation } from '../i18n';

/** docs/product/partners.md §1: the sidebar's status card ('Actif • KYC Vérifié'), from GET /api/partner/me. */
export function PartnerStatusCard() {
  const { t } = usePartnerTranslation();
  const me = usePartnerMe();
  if (me.isPending) return <Skeleton className="h-16 rounded-xl" />;
  if (!me.data) return null;
  const { partner } = me.data;
  const ok = partner.active && partner.kycStatus === 'verified';
  const Icon = ok ? BadgeCheck : partner.kycStatus === 'rejected' ? CircleAlert : Clock;
  return (
    <section
      aria-label={t('layout.statusLabel')}
      className={cn('flex items-start gap-3 rounded-xl border p-3', ok ? 'border-success/30 bg-success/10' : 'border-secondary/50 bg-secondary/15')}
      data-testid="partner-status-card"
    >
      <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', ok ? 'text-success' : 'text-foreground')} />
      <div className="min-w-0 space-y-0.5">
        <p className="truncate text-sm font-semibold">{partner.name}</p>
        <p className="text-sm">
          {partner.active ? t('layout.active') : t('layout.inactive')} • {t('common.kyc')} {t(`kycStatus.${partner.kycStatus}`)}
        </p>
      </div>
    </section>
  );
}
