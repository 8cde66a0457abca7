import type { TPayoutStatus, TTransactionStatus } from '@farha/contracts/partner';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { usePartnerTranslation } from '../i18n';

type Tone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';
const toneClass: Record<Tone, string> = {
  success: 'border-transparent bg-success/15 text-success',
  warning: 'border-transparent bg-secondary/30 text-foreground',
  danger: 'border-transparent bg-destructive/15 text-destructive',
  info: 'border-transparent bg-primary-soft text-primary-strong',
  neutral: 'border-transparent bg-muted text-muted-foreground',
};

export function ToneBadge({ tone, className, ...props }: BadgeProps & { tone: Tone }) {
  return <Badge variant="outline" className={cn(toneClass[tone], className)} {...props} />;
}

const TRANSACTION_TONES: Record<TTransactionStatus, Tone> = {
  validated: 'success',
  pending: 'warning',
  disputed: 'danger',
  settled: 'info',
};

export function TransactionStatusBadge({ status }: { status: TTransactionStatus }) {
  const { t } = usePartnerTranslation();
  return <ToneBadge tone={TRANSACTION_TONES[status]}>{t(`transactionStatus.${status}`)}</ToneBadge>;
}

const PAYOUT_TONES: Record<TPayoutStatus | 'available', Tone> = {
  available: 'success',
  requested: 'warning',
  processing: 'info',
  paid: 'success',
  failed: 'danger',
};

export function PayoutStatusBadge({ status }: { status: TPayoutStatus | 'available' }) {
  const { t } = usePartnerTranslation();
  return <ToneBadge tone={PAYOUT_TONES[status]}>{t(`payoutStatus.${status}`)}</ToneBadge>;
}

const KYC_TONES = { verified: 'success', pending: 'warning', rejected: 'danger' } as const satisfies Record<string, Tone>;

export function KycBadge({ status }: { status: string }) {
  const { t } = usePartnerTranslation();
  const known = status === 'verified' || status === 'pending' || status === 'rejected';
  return (
    <ToneBadge tone={known ? KYC_TONES[status] : 'neutral'}>
      {t('common.kyc')} {known ? t(`kycStatus.${status}`) : status}
    </ToneBadge>
  );
}
