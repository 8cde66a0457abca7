import { formatDzd, formatForeign, formatRate } from '@farha/contracts/money';
import { DISPLAY_CURRENCIES } from '@farha/contracts/account';
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { formatShortDateTime } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { toQuery, useAdminPayments } from '../api/admin';
import { AdminPagedList, FilterChips } from '../components/parts';
import { useAdminTranslation } from '../i18n';

const FILTERS = ['all', ...DISPLAY_CURRENCIES] as const;
type Filter = (typeof FILTERS)[number];
const STATUS_VARIANT: Record<string, 'soft' | 'secondary' | 'destructive'> = { paid: 'soft', pending: 'secondary', processing: 'secondary' };

/** /admin/paiements (issue 24, finance): every payment, its dinar value and what the card was charged. */
export function AdminPaymentsPage() {
  const { t, locale } = useAdminTranslation();
  useDocumentTitle(t('payments.title'));
  const [params, setParams] = useSearchParams();
  const currency = (FILTERS as readonly string[]).includes(params.get('currency') ?? '') ? (params.get('currency') as Filter) : 'all';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const list = useAdminPayments(toQuery({ currency: currency === 'all' ? undefined : currency, page, pageSize: 20 }));

  return (
    <div className="space-y-6" data-testid="payments-page">
      <PageHeader title={t('payments.title')} description={t('payments.intro')} />
      <FilterChips
        label={t('payments.currency')}
        value={currency}
        onChange={(next) => setParams(next === 'all' ? {} : { currency: next })}
        options={FILTERS.map((f) => ({ value: f, label: f === 'all' ? t('payments.all') : f }))}
      />
      <AdminPagedList
        query={list}
        items={(data) => data.payments}
        empty={t('payments.empty')}
        className="space-y-2"
        testId="payments-list"
        onPage={(next) => setParams({ ...(currency === 'all' ? {} : { currency }), page: String(next) })}
      >
        {(p) => (
          <Card>
            <CardContent className="grid gap-2 p-4 sm:grid-cols-[1fr_auto] sm:items-center">
              <div className="min-w-0 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-semibold">{p.boxName ?? '—'}</p>
                  <Badge variant={STATUS_VARIANT[p.status] ?? 'destructive'}>{t(`payments.statuses.${p.status}` as 'payments.statuses.paid')}</Badge>
                </div>
                <p className="truncate text-sm text-muted-foreground" dir="ltr">
                  {p.customerEmail}
                </p>
                <p className="text-xs text-muted-foreground">
                  {formatShortDateTime(p.createdAt, locale)} · {p.method.toUpperCase()} · {p.provider}
                </p>
              </div>
              <div className="text-end">
                <p className="text-lg font-bold tabular-nums" data-testid="payment-charged">
                  {p.charge.currency === 'DZD' ? formatDzd(p.amount, locale) : formatForeign(p.charge.amount, p.charge.currency)}
                </p>
                {p.charge.currency !== 'DZD' && p.charge.rateE4 !== null && (
                  <p className="text-xs text-muted-foreground" dir="ltr">
                    {formatDzd(p.amount, locale)} · 1 {p.charge.currency} = {formatRate(p.charge.rateE4)} DA
                  </p>
                )}
              </div>
            </CardContent>
          </Card>
        )}
      </AdminPagedList>
    </div>
  );
}
