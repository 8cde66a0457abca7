import { wilayaByCode } from '@farha/contracts/delivery';
import { formatDzd } from '@farha/contracts/money';
import { localized } from '@/lib/localized';
import { Banknote, Clock, HandCoins, Package, Scale, Wallet } from 'lucide-react';
import { formatNumber, KpiTile, LoadFailed } from '../components/parts';
import { useDeliveryFigures } from './api';
import { useAnalyticsTranslation } from './i18n';
import { DataTable, TableCard } from './parts';

/**
 * Issue 38: the « Livraison » tile of /admin/analytics (docs/product/delivery.md §9): the share of physical boxes
 * and of cash among them (per mille from the server), the cash collected, reconciled and still owed by the
 * courier, the median days from order to delivery, and the return rate of each wilaya.
 */
export function DeliveryFigures({ days }: { days: number }) {
  const { t, locale } = useAnalyticsTranslation();
  const figures = useDeliveryFigures(days);
  const d = figures.data;
  const pct = (perMille: number) => `${formatNumber(perMille / 10, locale)} %`;
  const dzd = (v: number) => formatDzd(v, locale);
  const wilayaName = (code: number, fallback: string) => {
    const wilaya = wilayaByCode(code);
    return wilaya ? localized(wilaya.name, wilaya.nameAr, locale) : fallback;
  };

  return (
    <TableCard
      testId="delivery-figures"
      title={t('delivery.title')}
      hint={t('delivery.hint')}
      csv={
        d
          ? {
              filename: `farha-livraison-retours-${days}j.csv`,
              header: [t('delivery.wilaya'), t('delivery.shipped'), t('delivery.returned'), t('delivery.returnRate')],
              rows: d.returnsByWilaya.map((r) => [`${r.wilayaCode} ${r.wilayaName}`, r.shipped, r.returned, r.rate]),
            }
          : null
      }
    >
      {figures.isError && !d ? (
        <LoadFailed error={figures.error} onRetry={() => void figures.refetch()} />
      ) : (
        <div className="space-y-5">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
            <KpiTile label={t('delivery.physicalShare')} icon={Package} loading={!d} value={d ? pct(d.physicalShare) : '—'} hint={d ? t('delivery.physicalShareHint', { count: d.physicalOrders }) : undefined} testId="delivery-physical-share" />
            <KpiTile label={t('delivery.cashShare')} icon={Wallet} loading={!d} value={d ? pct(d.cashShare) : '—'} hint={t('delivery.cashShareHint')} testId="delivery-cash-share" />
            <KpiTile
              label={t('delivery.medianDays')}
              icon={Clock}
              loading={!d}
              value={d ? (d.medianDaysToDelivery === null ? t('delivery.noDelivery') : t('delivery.medianDaysValue', { days: formatNumber(d.medianDaysToDelivery, locale) })) : '—'}
              hint={t('delivery.medianDaysHint')}
            />
            <KpiTile label={t('delivery.collected')} icon={HandCoins} loading={!d} value={d ? dzd(d.cash.collected) : '—'} />
            <KpiTile label={t('delivery.reconciled')} icon={Scale} loading={!d} value={d ? dzd(d.cash.reconciled) : '—'} />
            <KpiTile label={t('delivery.owed')} icon={Banknote} loading={!d} value={d ? dzd(d.cash.owed) : '—'} testId="delivery-owed" />
          </div>
          <div className="space-y-2">
            <h3 className="text-sm font-semibold">{t('delivery.returns')}</h3>
            {d && d.returnsByWilaya.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('delivery.noData')}</p>
            ) : (
              d && (
                <DataTable
                  header={[t('delivery.wilaya'), t('delivery.shipped'), t('delivery.returned'), t('delivery.returnRate')]}
                  rows={d.returnsByWilaya.map((r) => [`${String(r.wilayaCode).padStart(2, '0')} · ${wilayaName(r.wilayaCode, r.wilayaName)}`, formatNumber(r.shipped, locale), formatNumber(r.returned, locale), pct(r.rate)])}
                />
              )
            )}
          </div>
        </div>
      )}
    </TableCard>
  );
}
