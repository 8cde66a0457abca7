import type { TClientVoucher } from '@farha/contracts/customer';
import { isVoucherStatusIn } from '@farha/contracts/vouchers';
import {
  CalendarCheck,
  CalendarClock,
  CalendarPlus,
  CircleAlert,
  Download,
  EllipsisVertical,
  Eye,
  QrCode,
  Repeat,
  Scale,
  Send,
  Star,
  Undo2,
  Truck,
} from 'lucide-react';
import { Link } from 'react-router';
import { to } from '@/config/paths';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import { useCustomerT } from '../i18n';
import { daysUntil, formatDate } from '@/lib/dates';
import { isUsable } from '../lib/vouchers';
import { BoxImage } from '@/components/domain/box-image';
import { CopyCodeButton } from '@/components/domain/copy-code-button';
import { ReservationPanel } from './reservation-panel';
import { Stars } from './star-rating';
import { VoucherStatusBadge } from '@/components/domain/status-badges';

export type VoucherDialogKind = 'reserve' | 'qr' | 'extend' | 'exchange' | 'refund' | 'review' | 'cancel-reservation' | 'dispute';

/** docs/product/vouchers.md §15: under 30 days of validity left, the card warns. */
const EXPIRY_WARNING_DAYS = 30;

interface VoucherCardProps {
  voucher: TClientVoucher;
  onOpen: (kind: VoucherDialogKind) => void;
  onAcceptProposal: () => void;
  acceptingProposal: boolean;
  onResend: () => void;
  resending: boolean;
  /** Length of the free extension (settings), for the expiry warning. */
  freeExtensionDays: number;
}

export function VoucherCard({
  voucher,
  onOpen,
  onAcceptProposal,
  acceptingProposal,
  onResend,
  resending,
  freeExtensionDays,
}: VoucherCardProps) {
  const { t } = useCustomerT();
  const { actions } = voucher;
  const active = isUsable(voucher.status);
  const daysLeft = daysUntil(voucher.expiresAt);
  const expiringSoon = active && daysLeft <= EXPIRY_WARNING_DAYS;
  const canExtend = actions.canExtendFree || actions.canExtendPaid;
  const titleId = `voucher-${voucher.id}-title`;

  return (
    <article
      data-testid="voucher-card"
      data-status={voucher.status}
      data-voucher-id={voucher.id}
      data-code={voucher.code}
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm',
        !active && 'opacity-95',
      )}
    >
      <div className="relative">
        <BoxImage src={voucher.box.imageUrl} className={cn('aspect-[16/8] w-full', !active && 'grayscale-[40%]')} />
        <VoucherStatusBadge status={voucher.status} label={t(`voucherStatus.${voucher.status}`)} className="absolute start-3 top-3 shadow-sm" />
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="space-y-1">
          <h3 id={titleId} className="text-lg font-bold leading-snug text-balance">
            {voucher.box.name}
          </h3>
          <div className="flex items-center gap-1">
            <span className="sr-only">{t('voucher.code')}</span>
            <code dir="ltr" className="rounded-md bg-muted px-2 py-0.5 font-mono text-sm font-semibold tracking-wide" data-testid="voucher-code">
              {voucher.code}
            </code>
            <CopyCodeButton
              code={voucher.code}
              variant="icon"
              labels={{ copy: t('common.copy'), copied: t('common.copied'), failed: t('common.copyFailed') }}
            />
          </div>
        </div>

        <ul className="space-y-1 text-sm text-muted-foreground">
          <li>{t('voucher.for', { name: voucher.recipient.name })}</li>
          {voucher.senderName ? (
            <li>{t('voucher.from', { name: voucher.senderName })}</li>
          ) : (
            voucher.isPurchaser && !voucher.isHolder && <li>{t('voucher.boughtBy')}</li>
          )}
        </ul>

        <ExpiryLine voucher={voucher} daysLeft={daysLeft} expiringSoon={expiringSoon} freeDays={freeExtensionDays} />

        {voucher.reservation && (
          <ReservationPanel
            reservation={voucher.reservation}
            onCancel={() => onOpen('cancel-reservation')}
            onAcceptProposal={onAcceptProposal}
            accepting={acceptingProposal}
          />
        )}

        {voucher.review && (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-muted-foreground">{t('voucher.yourReview')}</span>
            <Stars rating={voucher.review.rating} />
          </div>
        )}

        <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
          {actions.canReserve && (
            <Button onClick={() => onOpen('reserve')} data-testid="reserve-button" className="flex-1 sm:flex-none">
              <CalendarCheck aria-hidden />
              {voucher.reservation ? t('reservation.reserveAgain') : t('voucher.reserve')}
            </Button>
          )}
          {active && (
            <Button variant="outline" onClick={() => onOpen('qr')} data-testid="view-qr" className="flex-1 sm:flex-none">
              <QrCode aria-hidden />
              {t('voucher.viewQr')}
            </Button>
          )}
          {actions.canReview && !voucher.review && (
            <Button variant="soft" onClick={() => onOpen('review')} data-testid="review-button" className="flex-1 sm:flex-none">
              <Star aria-hidden />
              {t('voucher.review')}
            </Button>
          )}
          <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button
                  variant="ghost"
                  size="icon"
                  className="ms-auto"
                  aria-label={t('voucher.moreActions', { name: voucher.box.name })}
                  title={t('voucher.moreActions', { name: voucher.box.name })}
                  data-testid="voucher-actions"
                >
                  <EllipsisVertical aria-hidden className="size-5" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                {canExtend && (
                  <DropdownMenuItem onSelect={() => onOpen('extend')} data-testid="action-extend">
                    <CalendarPlus aria-hidden />
                    {t('voucher.extend')}
                  </DropdownMenuItem>
                )}
                {actions.canExchange && (
                  <DropdownMenuItem onSelect={() => onOpen('exchange')} data-testid="action-exchange">
                    <Repeat aria-hidden />
                    {t('voucher.exchange')}
                  </DropdownMenuItem>
                )}
                {actions.canReview && !voucher.review && (
                  <DropdownMenuItem onSelect={() => onOpen('review')} data-testid="action-review">
                    <Star aria-hidden />
                    {t('voucher.review')}
                  </DropdownMenuItem>
                )}
                <DropdownMenuItem asChild>
                  <a href={voucher.pdfUrl} download={`farha-${voucher.code}.pdf`} data-testid="action-pdf">
                    <Download aria-hidden />
                    {t('voucher.pdf')}
                  </a>
                </DropdownMenuItem>
                {actions.canResend && (
                  <DropdownMenuItem onSelect={onResend} disabled={resending} data-testid="action-resend">
                    <Send aria-hidden className="rtl:-scale-x-100" />
                    {t('voucher.resend')}
                  </DropdownMenuItem>
                )}
                <DropdownMenuItem onSelect={() => onOpen('dispute')} data-testid="action-dispute">
                  <Scale aria-hidden />
                  {t('voucher.dispute')}
                </DropdownMenuItem>
                <DropdownMenuItem asChild>
                  <Link to={to.box(voucher.box.id)}>
                    <Eye aria-hidden />
                    {t('voucher.viewBox')}
                  </Link>
                </DropdownMenuItem>
                {actions.canRefund && (
                  <>
                    <DropdownMenuSeparator />
                    <DropdownMenuItem variant="destructive" onSelect={() => onOpen('refund')} data-testid="action-refund">
                      <Undo2 aria-hidden />
                      {t('voucher.refund')}
                    </DropdownMenuItem>
                  </>
                )}
              </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
    </article>
  );
}

interface ExpiryLineProps {
  voucher: TClientVoucher;
  daysLeft: number;
  expiringSoon: boolean;
  freeDays: number;
}

function ExpiryLine({ voucher, daysLeft, expiringSoon, freeDays }: ExpiryLineProps) {
  const { t, locale } = useCustomerT();
  const date = formatDate(voucher.expiresAt, locale);

  if (isVoucherStatusIn('used', voucher.status)) {
    return (
      <p className="flex items-center gap-2 text-sm">
        <CalendarCheck aria-hidden className="size-4 text-accent" />
        {voucher.redeemedAt ? t('voucher.usedOn', { date: formatDate(voucher.redeemedAt, locale) }) : t('voucherStatus.REDEEMED')}
      </p>
    );
  }
  // Issue 38: a physical box's voucher becomes usable once the box is delivered (docs/product/delivery.md §5).
  if (voucher.status === 'AWAITING_DELIVERY')
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="awaiting-delivery-note">
        <Truck aria-hidden className="size-4 shrink-0 text-accent" />
        {t('voucher.awaitingDeliveryNote')}
      </p>
    );
  if (voucher.status === 'EXCHANGED') return <p className="text-sm text-muted-foreground">{t('voucher.exchangedNote')}</p>;
  if (voucher.status === 'CANCELLED') return <p className="text-sm text-muted-foreground">{t('voucher.cancelledNote')}</p>;
  if (voucher.status === 'EXPIRED' || daysLeft <= 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-destructive">
        <CircleAlert aria-hidden className="size-4" />
        {daysLeft === 0 && isUsable(voucher.status) ? t('voucher.expiresToday') : t('voucher.expiredOn', { date })}
      </p>
    );
  }
  if (expiringSoon) {
    return (
      <div className="rounded-lg border border-secondary/60 bg-secondary/15 px-3 py-2 text-sm" data-testid="expiry-warning">
        <p className="flex items-center gap-2 font-semibold">
          <CircleAlert aria-hidden className="size-4 text-primary-strong" />
          {t('voucher.expiresIn', { count: daysLeft })}
        </p>
        <p className="mt-0.5 text-muted-foreground">
          {t('voucher.validUntil', { date })}
          {voucher.actions.canExtendFree && <> · {t('voucher.freeExtensionHint', { count: freeDays })}</>}
        </p>
      </div>
    );
  }
  return (
    <p className="flex items-center gap-2 text-sm">
      <CalendarClock aria-hidden className="size-4 text-accent" />
      {voucher.deliverAt && !voucher.deliveredAt && Date.parse(voucher.deliverAt) > Date.now()
        ? t('voucher.scheduled', { date: formatDate(voucher.deliverAt, locale) })
        : t('voucher.validUntil', { date })}
    </p>
  );
}
