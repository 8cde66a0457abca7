import { formatDzd } from '@farha/contracts/money';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { usePartnerTranslation } from '../i18n';
import { formatShortDateTime as formatDateTime } from '@/lib/dates';
import './receipt.css';

export interface ReceiptData {
  transactionId: string;
  voucherCode: string;
  customerName: string;
  boxName: string;
  offerTitle: string;
  gross: number;
  commission: number;
  /** Issue 35: the partner's part of a shared promotion's discount (off the net) and its code. */
  promoShare?: number | undefined;
  promoCode?: string | null | undefined;
  net: number;
  at: string;
  partner: { name: string; address?: string; city?: string } | null;
}

/** « Part de la réduction » and the promotion's code, kept left to right inside an Arabic line. */
export function PromoShareLabel({ label, code }: { label: string; code?: string | null | undefined }) {
  return (
    <>
      {label}
      {code && (
        <>
          {' '}
          <bdi dir="ltr" className="font-mono" data-testid="promo-share-code">
            {code}
          </bdi>
        </>
      )}
    </>
  );
}

/** The address, with the city unless the address already names it. */
function addressLine({ address, city }: { address?: string; city?: string }): string {
  if (!address) return city ?? '';
  if (!city || address.toLowerCase().includes(city.toLowerCase())) return address;
  return `${address}, ${city}`;
}

/**
 * The printable validation receipt: hidden on screen, the only thing on paper when the page is printed
 * (portalled to <body>, see receipt.css). Sized for an 80 mm counter printer; prints fine on A4 too.
 */
export function Receipt({ data }: { data: ReceiptData }) {
  const { t, locale } = usePartnerTranslation();
  const rows: [string, string][] = [
    [t('receipt.date'), formatDateTime(data.at, locale)],
    [t('receipt.voucher'), data.voucherCode],
    [t('receipt.customer'), data.customerName],
    [t('receipt.box'), data.boxName],
    [t('receipt.offer'), data.offerTitle],
  ];
  type MoneyRow = [key: string, label: ReactNode, value: string, strong: boolean];
  const money: MoneyRow[] = [
    ['gross', t('receipt.gross'), formatDzd(data.gross, locale), false],
    ['commission', t('receipt.commission'), `− ${formatDzd(data.commission, locale)}`, false],
    ...(data.promoShare
      ? [['share', <PromoShareLabel key="share" label={t('receipt.promoShare')} code={data.promoCode} />, `− ${formatDzd(data.promoShare, locale)}`, false] satisfies MoneyRow]
      : []),
    ['net', t('receipt.net'), formatDzd(data.net, locale), true],
  ];
  return createPortal(
    <div data-print-receipt className="hidden font-sans text-[12px] leading-snug" data-testid="receipt">
      <div className="border-b border-dashed border-black pb-2 text-center">
        <p className="text-lg font-bold">Farha · فرحة</p>
        <p className="font-semibold">{t('receipt.title')}</p>
        {data.partner && (
          <>
            <p className="mt-1 font-semibold">{data.partner.name}</p>
            {(data.partner.address || data.partner.city) && <p>{addressLine(data.partner)}</p>}
          </>
        )}
      </div>
      <dl className="space-y-1 border-b border-dashed border-black py-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt>{label}</dt>
            <dd className="text-end font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <dl className="space-y-1 border-b border-dashed border-black py-2">
        {money.map(([key, label, value, strong]) => (
          <div key={key} className={`flex justify-between gap-3 ${strong ? 'text-[14px] font-bold' : ''}`}>
            <dt>{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="pt-2 text-center text-[10px]">
        {t('receipt.reference')} {data.transactionId}
      </p>
      <p className="text-center text-[10px]">{t('receipt.thanks')}</p>
    </div>,
    document.body,
  );
}
