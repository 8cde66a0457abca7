import type { TOrder } from '@farha/contracts/checkout';
import { formatDate } from '@farha/contracts/money';
import { CalendarClock, Quote } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCheckoutTranslation } from '../i18n';
import { BoxImage } from '@/components/domain/box-image';

type OrderVoucher = NonNullable<TOrder['voucher']>;

interface VoucherCardProps {
  order: TOrder;
  voucher: OrderVoucher;
  /** Under the code (copy button). */
  codeActions?: ReactNode;
}

/** The gift as the recipient will see it: box, who it is for, the code and its QR. Printed alone. */
export function VoucherCard({ order, voucher, codeActions }: VoucherCardProps) {
  const { t, locale } = useCheckoutTranslation();
  return (
    <article
      data-print-alone
      data-testid="voucher-card"
      aria-labelledby="voucher-box-name"
      className="overflow-hidden rounded-2xl border border-border bg-card shadow-lg print:shadow-none"
    >
      <div className="relative">
        <BoxImage eager illustrationClassName="max-w-[12rem]" src={order.box.imageUrl} className="aspect-[16/7] w-full" />
        <span className="absolute start-4 top-4 rounded-full bg-white/95 px-3 py-1 text-xs font-bold uppercase tracking-wide text-[#8a3514] shadow-sm">
          {t('voucher.label')}
        </span>
      </div>
      <div className="grid gap-6 p-5 sm:grid-cols-[minmax(0,1fr)_auto] sm:p-7">
        <div className="min-w-0 space-y-4">
          <div className="space-y-1">
            <h2 id="voucher-box-name" className="text-2xl font-extrabold tracking-tight text-balance">
              {order.box.name}
            </h2>
            <p className="text-muted-foreground">
              {t('voucher.for', { name: order.recipientName })}
              {order.senderName && <> · {t('voucher.from', { name: order.senderName })}</>}
            </p>
          </div>
          {order.personalMessage && (
            <blockquote className="flex gap-2.5 rounded-xl bg-primary-soft/60 p-3.5 text-sm italic">
              <Quote aria-hidden className="size-4 shrink-0 text-primary-strong rtl:-scale-x-100" />
              <p dir="auto" className="whitespace-pre-line break-words text-start">
                {order.personalMessage}
              </p>
            </blockquote>
          )}
          <div className="space-y-2">
            <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t('voucher.code')}</p>
            <p
              dir="ltr"
              className="w-fit rounded-lg border-2 border-dashed border-primary/60 bg-background px-3.5 py-2 font-mono text-xl font-bold tracking-wider break-all sm:text-2xl"
              data-testid="voucher-code"
            >
              {voucher.code}
            </p>
            {codeActions}
          </div>
          <p className="flex items-center gap-2 text-sm">
            <CalendarClock aria-hidden className="size-4 text-accent" />
            {t('voucher.validUntil', { date: formatDate(voucher.expiresAt, locale) })}
          </p>
        </div>
        <div className="flex justify-center sm:items-start">
          <img
            src={voucher.qrUrl}
            alt={t('voucher.qrAlt', { code: voucher.code })}
            width={176}
            height={176}
            className="size-44 rounded-xl border border-border bg-white p-2"
            data-testid="voucher-qr"
          />
        </div>
      </div>
    </article>
  );
}
