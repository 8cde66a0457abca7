import { formatDzd } from '@farha/contracts/money';
import { FilePlus2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { formatDate } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCompanyMe, useCompanyOrders } from '../api';
import { OrderStatusBadge } from '../components/order-status';
import { useCompanyT } from '../i18n';

/** `/entreprise/commandes`: the company's orders, newest first. */
export function CompanyOrdersPage() {
  const { t, locale } = useCompanyT();
  useDocumentTitle(t('orders.title'));
  const [page, setPage] = useState(1);
  const me = useCompanyMe();
  const orders = useCompanyOrders(page);
  const pages = Math.max(1, Math.ceil((orders.data?.total ?? 0) / 20));
  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('orders.title')}
        description={t('orders.lead')}
        actions={
          <Button asChild>
            <Link to={paths.company.newOrder}>
              <FilePlus2 aria-hidden />
              {t('orders.new')}
            </Link>
          </Button>
        }
      />
      {me.data && me.data.company.status !== 'verified' && <Alert>{t('orders.pendingCompany')}</Alert>}
      {orders.data && orders.data.orders.length === 0 && <p className="rounded-2xl border border-dashed p-8 text-center text-muted-foreground">{t('orders.empty')}</p>}
      {orders.data && orders.data.orders.length > 0 && (
        <div className="overflow-x-auto rounded-2xl border bg-card">
          <table className="w-full text-sm" data-testid="company-orders">
            <thead className="bg-muted/60 text-start">
              <tr>
                <th className="p-3 text-start">{t('orders.number')}</th>
                <th className="p-3 text-start">{t('orders.date')}</th>
                <th className="p-3 text-end">{t('orders.recipients')}</th>
                <th className="p-3 text-end">{t('orders.total')}</th>
                <th className="p-3 text-start">{t('orders.status')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.orders.map((o) => (
                <tr key={o.id} className="border-t">
                  <td className="p-3 font-semibold">
                    <Link to={paths.company.order.replace(':id', o.id)} className="text-primary hover:underline" dir="ltr">
                      {o.number}
                    </Link>
                  </td>
                  <td className="p-3">{formatDate(o.createdAt, locale)}</td>
                  <td className="p-3 text-end tabular-nums">{o.recipients}</td>
                  <td className="p-3 text-end tabular-nums">{formatDzd(o.total, locale)}</td>
                  <td className="p-3">
                    <OrderStatusBadge status={o.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <div className="flex items-center justify-end gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>‹</Button>
          <span className="text-sm">{t('order.page', { page, pages })}</span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>›</Button>
        </div>
      )}
    </div>
  );
}
