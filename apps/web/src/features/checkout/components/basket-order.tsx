import type { TOrder, TOrderLine } from '@farha/contracts/checkout';
import { formatDate, formatDzd, formatForeign } from '@farha/contracts/money';
import { CalendarClock, Download, ExternalLink, House, Mail, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { GiftIllustration } from '@/components/brand/gift-illustration';
import { BoxImage } from '@/components/domain/box-image';
import { CopyCodeButton } from '@/components/domain/copy-code-button';
import { PAYMENT_METHOD_NAMES } from '@/components/domain/payment-method-logo';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { isolate } from '@/lib/bidi';
import { localized } from '@/lib/localized';
import { useCheckoutTranslation } from '../i18n';
import { SmsNote } from './sms-note';

const isLater = (deliverAt: string | null) => deliverAt !== null && Date.parse(deliverAt) > Date.now();

/** Issue 34: a basket's success page, every gift with its recipient, its day and, once paid, its voucher. */
export function BasketOrderSuccess({ order }: { order: TOrder }) {
  const { t, tp, locale } = useCheckoutTranslation();
  const count = order.lines.length;
  return (
    <div className="mx-auto max-w-4xl space-y-8" data-testid="success-page" data-kind="basket">
      <header className="flex flex-col items-center gap-3 text-center">
        <div className="rounded-full bg-gradient-to-br from-[#b5451b] to-[#5e230d] p-3 shadow-md">
          <GiftIllustration className="w-20" />
        </div>
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{t('basketSuccess.title')}</h1>
        <p className="max-w-xl text-lg text-muted-foreground text-pretty">{tp('basketSuccess.subtitle', count, { count })}</p>
        {/* Issue 35: a basket its gift card paid whole took nothing from a bank card. */}
        {(order.amount > 0 || order.giftCardAmount === 0) && (
        <p className="text-sm text-muted-foreground" data-testid="basket-paid">
          {t('success.paid', {
            amount:
              order.charge.currency === 'DZD'
                ? formatDzd(order.amount, locale)
                : `${formatForeign(order.charge.amount, order.charge.currency)} (${formatDzd(order.amount, locale)})`,
            method: order.paymentMethod === 'cash' ? t('shipping.cashName') : PAYMENT_METHOD_NAMES[order.paymentMethod],
          })}
        </p>
        )}
        {order.discount > 0 && (
          // Issue 35: the code's discount, « Réduction BIENVENUE −x DA » (docs/product/promotions.md §11).
          <p className="text-center text-sm font-semibold text-success" data-testid="success-discount">
            {t('success.discount', { code: order.promoCode ?? '' }).trim()} <span className="whitespace-nowrap">−{formatDzd(order.discount, locale)}</span>
          </p>
        )}
        {order.giftCardAmount > 0 && (
          // Issue 35: what the gift card paid, « Carte cadeau CC-…-WXYZ −x DA » (docs/product/gift-cards.md §4).
          <p className="text-center text-sm font-semibold text-success" data-testid="success-gift-card">
            {t('success.giftCard')} {order.giftCardCode && <bdi dir="ltr">{order.giftCardCode}</bdi>}{' '}
            <span className="whitespace-nowrap">−{formatDzd(order.giftCardAmount, locale)}</span>
          </p>
        )}
      </header>

      <ol className="grid gap-4">
        {order.lines.map((line, index) => (
          <li key={line.orderId}>
            <BasketOrderLine line={line} index={index} />
          </li>
        ))}
      </ol>

      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild variant="secondary">
          <Link to={paths.client.dashboard}>
            <Mail aria-hidden />
            {t('basketSuccess.myVouchers')}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.home}>
            <House aria-hidden />
            {t('success.backHome')}
          </Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to={paths.catalog}>
            <ShoppingBag aria-hidden />
            {t('success.discoverCatalog')}
          </Link>
        </Button>
      </div>
    </div>
  );
}

function BasketOrderLine({ line, index }: { line: TOrderLine; index: number }) {
  const { t, locale } = useCheckoutTranslation();
  const name = localized(line.box.name, line.box.nameAr, locale);
  const { voucher } = line;
  return (
    <Card className="overflow-hidden" data-testid="basket-order-line">
      <div className="grid gap-4 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:p-5">
        <div className="flex min-w-0 gap-3 sm:gap-4">
          <div className="size-16 shrink-0 overflow-hidden rounded-xl bg-muted">
            <BoxImage src={line.box.imageUrl} className="size-full object-cover" illustrationClassName="w-10" />
          </div>
          <div className="min-w-0 space-y-1.5">
            <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t('basketSuccess.gift', { n: index + 1 })}</p>
            <h2 dir="auto" className="text-lg font-bold leading-snug text-balance" data-testid="basket-order-box">
              {name}
            </h2>
            <p className="font-medium" data-testid="basket-order-recipient">
              {t('voucher.for', { name: line.recipientName })}
            </p>
            <p className="flex items-start gap-1.5 text-sm text-muted-foreground" data-testid="basket-order-delivery">
              <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
              <span className="min-w-0 break-words">
                {isLater(line.deliverAt) && line.deliverAt
                  ? t('basketSuccess.sendOn', { date: formatDate(line.deliverAt, locale), email: isolate(line.recipientEmail) })
                  : t('basketSuccess.sendNow', { email: isolate(line.recipientEmail) })}
              </span>
            </p>
            <SmsNote sms={line.recipientSms} phone={line.recipientPhone} className="text-sm text-muted-foreground" />
          </div>
        </div>
        {voucher ? (
          <div className="flex justify-center sm:items-start">
            <img
              src={voucher.qrUrl}
              alt={t('voucher.qrAlt', { code: voucher.code })}
              width={128}
              height={128}
              className="size-32 rounded-xl border border-border bg-white p-2"
              data-testid="voucher-qr"
            />
          </div>
        ) : (
          <div className="flex items-center justify-center">
            <Spinner size="sm" label={t('success.preparing')} showLabel />
          </div>
        )}
      </div>
      {voucher && (
        <div className="flex flex-wrap items-center gap-3 border-t border-border bg-muted/50 p-4">
          <p dir="ltr" className="font-mono text-lg font-bold tracking-wider break-all" data-testid="voucher-code">
            {voucher.code}
          </p>
          <CopyCodeButton code={voucher.code} labels={{ copy: t('success.copy'), copied: t('success.copied'), failed: t('success.copyFailed') }} />
          <div className="ms-auto flex flex-wrap gap-2">
            <Button asChild size="sm" variant="outline">
              <a href={voucher.pdfUrl} download={`farha-${voucher.code}.pdf`} data-testid="download-pdf">
                <Download aria-hidden />
                {t('success.pdf')}
              </a>
            </Button>
            <Button asChild size="sm" variant="ghost">
              <a href={voucher.publicUrl} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden />
                {t('voucher.label')}
              </a>
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
