import { formatDzd } from '@farha/contracts/money';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { api } from '@/lib/api';
import { formatDate, formatDateTime } from '@/lib/dates';
import { errorMessage } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminAction, useAdminCompanies, useAdminCompanyOrders, useAdminInvoices, useCompaniesOverview } from '../api';
import { CompanyReviewFlags } from '../components/company-review-flags';
import { OrderStatusBadge } from '../components/order-status';
import { useCompanyT } from '../i18n';
import { ZCompanyDocuments, type TCompanyOrder } from '@farha/contracts/company';
import { useQuery } from '@tanstack/react-query';

/** `/admin/companies` (issue 27, finance and superadmin): companies to verify, transfers waiting, orders, invoices and credit notes. */
export function AdminCompaniesPage() {
  const { t, locale } = useCompanyT();
  useDocumentTitle(t('admin.title'));
  const overview = useCompaniesOverview();
  return (
    <div className="grid gap-6">
      <PageHeader title={t('admin.title')} description={t('admin.lead')} />
      {overview.data && (
        <dl className="grid gap-3 sm:grid-cols-4" data-testid="companies-overview">
          {[
            [t('admin.share'), `${(overview.data.shareBp / 100).toLocaleString(locale === 'ar' ? 'ar-DZ' : 'fr-FR')} %`],
            [t('admin.companySales'), formatDzd(overview.data.companySales, locale)],
            [t('admin.pending'), String(overview.data.pending)],
            [t('admin.transfers'), String(overview.data.transfersWaiting)],
          ].map(([k, v]) => (
            <div key={k} className="rounded-2xl border bg-card p-4">
              <dt className="text-sm text-muted-foreground">{k}</dt>
              <dd className="text-2xl font-extrabold tabular-nums">{v}</dd>
            </div>
          ))}
        </dl>
      )}
      <Tabs defaultValue="companies">
        <TabsList>
          <TabsTrigger value="companies">{t('admin.tabs.companies')}</TabsTrigger>
          <TabsTrigger value="transfers">{t('admin.tabs.transfers')}</TabsTrigger>
          <TabsTrigger value="orders">{t('admin.tabs.orders')}</TabsTrigger>
          <TabsTrigger value="invoices">{t('admin.tabs.invoices')}</TabsTrigger>
        </TabsList>
        <TabsContent value="companies"><CompaniesTab /></TabsContent>
        <TabsContent value="transfers"><OrdersTab status="awaiting_transfer" /></TabsContent>
        <TabsContent value="orders"><OrdersTab status="all" /></TabsContent>
        <TabsContent value="invoices"><InvoicesTab /></TabsContent>
      </Tabs>
    </div>
  );
}

function CompaniesTab() {
  const { t, locale } = useCompanyT();
  const list = useAdminCompanies('all');
  const review = useAdminAction(({ id, decision, reason }: { id: string; decision: 'verify' | 'reject'; reason?: string }) =>
    api.post(`/api/admin/companies/${id}/review`, { decision, reason: reason ?? null }),
  );
  const [reasons, setReasons] = useState<Record<string, string>>({});
  if (!list.data) return null;
  if (list.data.companies.length === 0) return <p className="p-4 text-muted-foreground">{t('admin.empty')}</p>;
  return (
    <ul className="grid gap-3" data-testid="admin-companies">
      {list.data.companies.map((c) => (
        <li key={c.id} className="grid gap-2 rounded-2xl border bg-card p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-bold">{c.name} <span className="font-normal text-muted-foreground">({c.legalForm}, {c.wilaya})</span></p>
            <Badge variant={c.status === 'verified' ? 'soft' : c.status === 'pending' ? 'accent' : 'muted'}>{t(`status.${c.status}`)}</Badge>
          </div>
          <p className="text-sm" dir="ltr">NIF {c.nif} · NIS {c.nis} · RC {c.rc} · Art. {c.articleImposition}</p>
          <p className="text-sm text-muted-foreground">{c.contactName} · <span dir="ltr">{c.contactEmail} · {c.contactPhone}</span> · {formatDate(c.createdAt, locale)}</p>
          <CompanyReviewFlags company={c} />
          <CompanyDocumentLinks companyId={c.id} />
          {c.status === 'pending' && (
            <div className="flex flex-wrap items-center gap-2">
              <Button size="sm" disabled={c.documentCount === 0} onClick={() => review.mutate({ id: c.id, decision: 'verify' }, { onError: (e) => toast.error(errorMessage(e)) })}>{t('admin.verify')}</Button>
              <Input className="max-w-xs" placeholder={t('admin.reason')} aria-label={t('admin.reason')} value={reasons[c.id] ?? ''} onChange={(e) => setReasons({ ...reasons, [c.id]: e.target.value })} />
              <Button size="sm" variant="outline" onClick={() => review.mutate({ id: c.id, decision: 'reject', reason: reasons[c.id] }, { onError: (e) => toast.error(errorMessage(e)) })}>{t('admin.reject')}</Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function CompanyDocumentLinks({ companyId }: { companyId: string }) {
  const { t } = useCompanyT();
  const docs = useQuery({ queryKey: ['company-admin', 'documents', companyId], queryFn: ({ signal }) => api.get(`/api/admin/companies/${companyId}/documents`, { schema: ZCompanyDocuments, signal }) });
  if (!docs.data?.documents.length) return null;
  return (
    <p className="flex flex-wrap gap-3 text-sm">
      <span className="text-muted-foreground">{t('admin.documents')} :</span>
      {docs.data.documents.map((d) => (
        <a key={d.id} href={`/api/admin/companies/${companyId}/documents/${d.id}/file`} className="text-primary hover:underline">
          {t(`account.documentTypes.${d.type}`)}
        </a>
      ))}
    </p>
  );
}

function OrdersTab({ status }: { status: string }) {
  const { t, locale } = useCompanyT();
  const list = useAdminCompanyOrders(status);
  if (!list.data) return null;
  if (list.data.orders.length === 0) return <p className="p-4 text-muted-foreground">{t('admin.empty')}</p>;
  return (
    <ul className="grid gap-3" data-testid={`admin-company-orders-${status}`}>
      {list.data.orders.map((o) => (
        <li key={o.id} className="grid gap-2 rounded-2xl border bg-card p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-bold"><span dir="ltr">{o.number}</span> · {o.company?.name}</p>
            <OrderStatusBadge status={o.status} />
          </div>
          <p className="text-sm">{formatDate(o.createdAt, locale)} · {o.recipients} · <strong>{formatDzd(o.total, locale)}</strong>{o.invoiceNumber ? ` · ${o.invoiceNumber}` : ''}{o.transferReference ? ` · ${o.transferReference}` : ''}</p>
          {o.status === 'issuing' && o.issueError && (
            <Alert variant="error" data-testid="admin-company-order-issue-error">
              {t('admin.issueError', { error: o.issueError, retry: o.issueRetryAt ? formatDateTime(o.issueRetryAt, locale) : '—' })}
            </Alert>
          )}
          {o.status === 'awaiting_transfer' && <TransferForm order={o} />}
          {o.invoiceNumber && <CreditNoteForm order={o} />}
        </li>
      ))}
    </ul>
  );
}

function TransferForm({ order }: { order: TCompanyOrder }) {
  const { t } = useCompanyT();
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState(String(order.total));
  const record = useAdminAction(() => api.post<{ issued?: boolean; issuing?: true }>(`/api/admin/company-orders/${order.id}/transfer`, { reference, amount: Number(amount) }));
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        record.mutate(undefined, {
          onSuccess: (r) => toast.success(r.issuing ? t('admin.issuing') : t('admin.recorded')),
          onError: (err) => toast.error(errorMessage(err)),
        });
      }}
    >
      <label className="grid gap-1 text-sm">{t('admin.reference')}<Input value={reference} onChange={(e) => setReference(e.target.value)} dir="ltr" /></label>
      <label className="grid gap-1 text-sm">{t('admin.amount')}<Input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="numeric" dir="ltr" /></label>
      <Button type="submit" size="sm" loading={record.isPending}>{t('admin.record')}</Button>
      {record.error && <Alert variant="error" className="w-full">{errorMessage(record.error)}</Alert>}
    </form>
  );
}

function CreditNoteForm({ order }: { order: TCompanyOrder }) {
  const { t } = useCompanyT();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const issue = useAdminAction(() => api.post<{ number: string }>(`/api/admin/company-orders/${order.id}/credit-notes`, { amount: Number(amount), reason }));
  return (
    <details>
      <summary className="cursor-pointer text-sm font-semibold text-primary">{t('admin.creditNote')}</summary>
      <form
        className="mt-2 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          issue.mutate(undefined, { onSuccess: (r) => toast.success(t('admin.creditIssued', { number: r.number })), onError: (err) => toast.error(errorMessage(err)) });
        }}
      >
        <label className="grid gap-1 text-sm">{t('admin.amount')}<Input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="numeric" dir="ltr" /></label>
        <label className="grid gap-1 text-sm">{t('admin.creditReason')}<Input value={reason} onChange={(e) => setReason(e.target.value)} /></label>
        <Button type="submit" size="sm" variant="outline" loading={issue.isPending}>{t('admin.creditNote')}</Button>
      </form>
    </details>
  );
}

function InvoicesTab() {
  const { t, locale } = useCompanyT();
  const list = useAdminInvoices();
  if (!list.data) return null;
  if (list.data.invoices.length === 0) return <p className="p-4 text-muted-foreground">{t('admin.empty')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="admin-company-invoices">
        <tbody>
          {list.data.invoices.map((i) => (
            <tr key={i.id} className="border-b">
              <td className="p-2"><Badge variant={i.kind === 'invoice' ? 'soft' : 'accent'}>{t(`admin.${i.kind}`)}</Badge></td>
              <td className="p-2 font-mono" dir="ltr">
                <a className="text-primary hover:underline" href={`/api/admin/company-invoices/${i.id}/document.pdf?kind=${i.kind}&lang=${locale}`}>{i.number}</a>
              </td>
              <td className="p-2">{i.company.name}</td>
              <td className="p-2">{formatDate(i.issuedAt, locale)}</td>
              <td className="p-2 text-end tabular-nums">{i.kind === 'credit_note' ? '− ' : ''}{formatDzd(i.amount, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
