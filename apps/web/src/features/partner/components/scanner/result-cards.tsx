import type { TRedemptionOfferChoice, TRedemptionSuccess } from '@farha/contracts/redemption';
import { formatDzd } from '@farha/contracts/money';
import { CircleCheckBig, CircleX, LifeBuoy, ListChecks, Printer, RotateCw, ScanLine } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { usePartnerTranslation } from '../../i18n';
import { formatShortDateTime as formatDateTime } from '@/lib/dates';
import { PromoShareLabel, Receipt } from '../receipt';
import { errorTextOf } from '@/lib/i18n';
import { localized } from '@/lib/localized';

/** The top of a scan's card: its icon, what happened (announced), the code. */
export function ScanCardTop({ icon, title, code, className, children }: { icon: ReactNode; title: string; code: string; className: string; children?: ReactNode }) {
  return (
    <div className={cn('flex flex-col items-center gap-2 px-5 py-6 text-center', className)}>
      {icon}
      <h2 className="text-2xl font-bold" role="status">
        {title}
      </h2>
      <p className="font-mono text-lg font-semibold tracking-wider" dir="ltr" data-testid="scan-code">
        {code}
      </p>
      {children}
    </div>
  );
}

/** The label and value rows of a scan's card (online success, offline acceptance). */
export function ScanDetails({ rows }: { rows: [label: string, value: string, testId?: string][] }) {
  return (
    <dl className="grid grid-cols-1 gap-3">
      {rows.map(([label, value, testId]) => (
        <div key={label} className="flex items-baseline justify-between gap-4 border-b border-border pb-2 last:border-0">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-end font-semibold" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ScanSuccessCard({ result, onNext }: { result: TRedemptionSuccess; onNext: () => void }) {
  const { t, locale } = usePartnerTranslation();
  const rows: [string, string, string?][] = [
    [t('scanner.success.client'), result.voucher.recipientName, 'scan-client'],
    [t('scanner.success.experience'), localized(result.offer.title, result.offer.titleAr, locale), 'scan-experience'],
    [t('scanner.success.box'), localized(result.voucher.boxName, result.voucher.boxNameAr, locale), 'scan-box'],
    [t('scanner.success.date'), formatDateTime(result.redeemedAt, locale)],
  ];
  return (
    <Card className="overflow-hidden" data-testid="scan-success">
      <ScanCardTop icon={<CircleCheckBig aria-hidden className="size-14 text-success" />} title={t('scanner.success.title')} code={result.voucher.code} className="bg-success/10" />
      <div className="space-y-5 p-5">
        <ScanDetails rows={rows} />
        <div className="rounded-xl bg-muted p-4">
          <p className="mb-2 text-sm font-semibold">{t('scanner.success.value')}</p>
          <dl className="grid grid-cols-1 gap-1.5 text-sm tabular-nums">
            <div className="flex justify-between gap-3">
              <dt>{t('scanner.success.gross')}</dt>
              <dd data-testid="scan-gross">{formatDzd(result.gross, locale)}</dd>
            </div>
            <div className="flex justify-between gap-3 text-muted-foreground">
              <dt>{t('scanner.success.commission')}</dt>
              <dd>− {formatDzd(result.commission, locale)}</dd>
            </div>
            {!!result.promoShare && (
              // Issue 35: a shared promotion's part of the discount (docs/product/promotions.md §9).
              <div className="flex justify-between gap-3 text-muted-foreground" data-testid="scan-promo-share">
                <dt className="min-w-0">
                  <PromoShareLabel label={t('scanner.success.promoShare')} code={result.promoCode} />
                </dt>
                <dd className="shrink-0">− {formatDzd(result.promoShare, locale)}</dd>
              </div>
            )}
            <div className="flex justify-between gap-3 border-t border-border pt-1.5 text-base font-bold">
              <dt>{t('scanner.success.net')}</dt>
              <dd data-testid="scan-net">{formatDzd(result.net, locale)}</dd>
            </div>
          </dl>
        </div>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <Button size="lg" onClick={onNext} data-testid="scan-next">
            <ScanLine aria-hidden />
            {t('scanner.success.next')}
          </Button>
          <Button size="lg" variant="outline" onClick={() => window.print()} data-testid="print-receipt">
            <Printer aria-hidden />
            {t('scanner.success.print')}
          </Button>
        </div>
      </div>
      <Receipt
        data={{
          transactionId: result.transactionId,
          voucherCode: result.voucher.code,
          customerName: result.voucher.recipientName,
          boxName: localized(result.voucher.boxName, result.voucher.boxNameAr, locale),
          offerTitle: localized(result.offer.title, result.offer.titleAr, locale),
          gross: result.gross,
          commission: result.commission,
          promoShare: result.promoShare,
          promoCode: result.promoCode,
          net: result.net,
          at: result.redeemedAt,
          partner: result.partner,
        }}
      />
    </Card>
  );
}

const CAUSE_KEYS = ['wrongCode', 'alreadyUsed', 'notAuthorised', 'technical'] as const;

export function ScanFailureCard({
  code,
  message,
  onRetry,
  retryResends,
}: {
  code: string;
  message: string;
  onRetry: () => void;
  /** The request got no answer: Retry sends it again as it was. */
  retryResends: boolean;
}) {
  const { t } = usePartnerTranslation();
  return (
    <Card className="overflow-hidden" data-testid="scan-failure">
      <div className="flex flex-col items-center gap-2 bg-destructive/10 px-5 py-6 text-center">
        <CircleX aria-hidden className="size-14 text-destructive" />
        <h2 className="text-xl font-bold">{t('scanner.failure.title')}</h2>
        <p role="alert" className="text-lg font-semibold text-destructive" data-testid="scan-error">
          {message}
        </p>
        {code && (
          <p className="font-mono text-sm tracking-wider text-muted-foreground" dir="ltr">
            {code}
          </p>
        )}
      </div>
      <div className="space-y-5 p-5">
        <div>
          <p className="mb-2 flex items-center gap-2 text-sm font-semibold">
            <ListChecks aria-hidden className="size-4" />
            {t('scanner.failure.causesTitle')}
          </p>
          <ul className="list-disc space-y-1 ps-6 text-sm text-muted-foreground">
            {CAUSE_KEYS.map((key) => (
              <li key={key}>{t(`scanner.failure.causes.${key}`)}</li>
            ))}
          </ul>
        </div>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <Button size="lg" onClick={onRetry} data-testid="scan-retry">
            <RotateCw aria-hidden />
            {retryResends ? t('scanner.failure.resend') : t('scanner.failure.retry')}
          </Button>
          <Button size="lg" variant="outline" asChild>
            <Link to={`${paths.partner.support}?tab=new`} data-testid="scan-support">
              <LifeBuoy aria-hidden />
              {t('scanner.failure.support')}
            </Link>
          </Button>
        </div>
      </div>
    </Card>
  );
}

export function OfferChoiceCard({
  code,
  offers,
  onChoose,
  onCancel,
  pending,
}: {
  code: string;
  offers: TRedemptionOfferChoice[];
  onChoose: (offerId: string) => void;
  onCancel: () => void;
  pending: boolean;
}) {
  const { t, locale } = usePartnerTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Card className="space-y-4 p-5" data-testid="scan-offer-choice">
      <div className="space-y-1">
        <h2 className="text-xl font-bold">{t('scanner.choice.title')}</h2>
        <p className="text-sm text-muted-foreground">{errorTextOf('OFFER_CHOICE_REQUIRED')}</p>
        <p className="font-mono text-sm tracking-wider" dir="ltr">
          {code}
        </p>
      </div>
      <ul className="grid grid-cols-1 gap-2">
        {offers.map((offer) => (
          <li key={offer.id}>
            <Button
              variant="outline"
              size="lg"
              className="h-auto min-h-14 w-full justify-between whitespace-normal py-3 text-start"
              disabled={pending}
              loading={pending && chosen === offer.id}
              onClick={() => {
                setChosen(offer.id);
                onChoose(offer.id);
              }}
              data-testid="scan-offer-option"
            >
              <span className="font-semibold">{localized(offer.title, offer.titleAr, locale)}</span>
              <span className="shrink-0 tabular-nums text-muted-foreground">{formatDzd(offer.faceValue, locale)}</span>
            </Button>
          </li>
        ))}
      </ul>
      <Button variant="ghost" onClick={onCancel} disabled={pending} className="w-full">
        {t('common.cancel')}
      </Button>
    </Card>
  );
}
