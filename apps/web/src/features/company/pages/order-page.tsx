import { RECIPIENT_FILTERS, type TRecipient } from '@farha/contracts/company';
import { formatDzd } from '@farha/contracts/money';
import { Download, FileText, Mail, UserRoundPen } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { api } from '@/lib/api';
import { formatDate } from '@/lib/dates';
import { errorMessage } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCompanyOrder, useInvalidateCompany, useRecipients } from '../api';
import { IssueProgress, OrderStatusBadge } from '../components/order-status';
import { useCompanyT } from '../i18n';

/** `/entreprise/commandes/:id` (issue 27): payment, documents, issuance progress, and every recipient followed. */
export function CompanyOrderPage() {
  const { id = '' } = useParams();
  const { t, locale } = useCompanyT();
  const order = useCompanyOrder(id);
  useDocumentTitle(order.data ? t('order.title', { number: order.data.number }) : undefined);
  if (order.error) return <Alert variant="error">{errorMessage(order.error)}</Alert>;
  if (!order.data) return null;
  const o = order.data;
  const pdf = (path: string, lang: 'fr' | 'ar' = locale) => `${path}?lang=${lang}`;
  return (
    <div className="grid gap-6">
      <PageHeader eyebrow={<OrderStatusBadge status={o.status} />} title={t('order.title', { number: o.number })} description={`${formatDate(o.createdAt, locale)} · ${o.recipients} · ${formatDzd(o.total, locale)}`} />
      {o.promoCode && o.promoDiscount > 0 && (
        // Issue 35 (docs/product/promotions.md §13): the code's discount, already off the total above.
        <p className="text-sm text-success" data-testid="company-order-promo">
          {t('newOrder.promoDiscount')} <bdi dir="ltr" className="font-mono">{o.promoCode}</bdi> − {formatDzd(o.promoDiscount, locale)}
        </p>
      )}
      {o.status === 'issuing' && <IssueProgress issued={o.issued} total={o.recipients} />}
      <section className="flex flex-wrap gap-3" data-testid="company-documents">
        {o.status === 'awaiting_transfer' && (
          <>
            <Alert className="w-full">{t('order.transferHelp', { number: o.number })}</Alert>
            <Button asChild variant="outline">
              <a href={pdf(`/api/company/orders/${o.id}/proforma.pdf`, 'fr')}>
                <FileText aria-hidden />
                {t('order.proforma')}
              </a>
            </Button>
            <Button asChild variant="ghost">
              <a href={pdf(`/api/company/orders/${o.id}/proforma.pdf`, 'ar')}>{t('order.proformaAr')}</a>
            </Button>
          </>
        )}
        {o.checkoutUrl && (
          <Button asChild>
            <a href={o.checkoutUrl}>{t('order.pay')}</a>
          </Button>
        )}
        {o.invoiceId && o.invoiceNumber && (
          <Button asChild variant="outline">
            <a href={pdf(`/api/company/invoices/${o.invoiceId}/document.pdf`)} data-testid="company-invoice">
              <FileText aria-hidden />
              {t('order.invoice', { number: o.invoiceNumber })}
            </a>
          </Button>
        )}
        {o.creditNotes.map((n) => (
          <Button key={n.id} asChild variant="outline">
            <a href={pdf(`/api/company/credit-notes/${n.id}/document.pdf`)}>{t('order.creditNote', { number: n.number })}</a>
          </Button>
        ))}
      </section>
      <Recipients orderId={o.id} />
    </div>
  );
}

function Recipients({ orderId }: { orderId: string }) {
  const { t, locale } = useCompanyT();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<(typeof RECIPIENT_FILTERS)[number]>('all');
  const [moving, setMoving] = useState<TRecipient | null>(null);
  const list = useRecipients(orderId, page, status);
  const invalidate = useInvalidateCompany();
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / 50));
  const resend = async (r: TRecipient) => {
    try {
      await api.post(`/api/company/orders/${orderId}/recipients/${r.id}/resend`);
      toast.success(t('order.resent'));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  return (
    <section className="grid gap-3" aria-labelledby="recipients-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="recipients-title" className="text-xl font-bold">{t('order.recipients')}</h2>
        <Button asChild variant="outline" size="sm">
          <a href={`/api/company/orders/${orderId}/recipients.csv`} data-testid="company-export">
            <Download aria-hidden />
            {t('order.export')}
          </a>
        </Button>
      </div>
      <div className="flex flex-wrap gap-2" role="group">
        {RECIPIENT_FILTERS.map((f) => (
          <Button key={f} size="sm" variant={f === status ? 'default' : 'outline'} aria-pressed={f === status} onClick={() => { setStatus(f); setPage(1); }}>
            {t(`filters.${f}`)}
          </Button>
        ))}
      </div>
      <div className="overflow-x-auto rounded-2xl border bg-card">
        <table className="w-full text-sm" data-testid="company-recipients">
          <thead className="bg-muted/60">
            <tr>
              <th className="p-2 text-start">#</th>
              <th className="p-2 text-start">{t('newOrder.fields.name')}</th>
              <th className="p-2 text-start">{t('newOrder.fields.email')}</th>
              <th className="p-2 text-start">{t('newOrder.fields.box')}</th>
              <th className="p-2 text-start">{t('order.deliverOn')}</th>
              <th className="p-2 text-start">{t('order.code')}</th>
              <th className="p-2 text-start">{t('orders.status')}</th>
              <th className="p-2" />
            </tr>
          </thead>
          <tbody>
            {list.data?.recipients.map((r) => (
              <tr key={r.id} className="border-t">
                <td className="p-2 tabular-nums text-muted-foreground">{r.line}</td>
                <td className="p-2 font-medium">{r.name}</td>
                <td className="p-2" dir="ltr">{r.email ?? r.mobile}</td>
                <td className="p-2" dir="auto">{localized(r.box, r.boxAr, locale)}</td>
                <td className="p-2">{r.deliverOn ? formatDate(r.deliverOn, locale) : t('order.now')}</td>
                <td className="p-2 font-mono text-xs" dir="ltr">{r.voucherCode ?? '—'}</td>
                <td className="p-2">
                  <Badge variant={r.voucherStatus === 'DELIVERED' ? 'soft' : r.voucherStatus === 'REDEEMED' ? 'secondary' : 'muted'}>
                    {t(`voucher.${(r.voucherStatus ?? 'none') as 'none'}`)}
                  </Badge>
                </td>
                <td className="p-2">
                  {r.voucherCode && (
                    <div className="flex justify-end gap-1">
                      <Button size="icon-sm" variant="ghost" aria-label={t('order.resend')} title={t('order.resend')} onClick={() => void resend(r)}>
                        <Mail aria-hidden />
                      </Button>
                      {r.voucherStatus === 'ISSUED' && (
                        <Button size="icon-sm" variant="ghost" aria-label={t('order.move')} title={t('order.move')} onClick={() => setMoving(r)}>
                          <UserRoundPen aria-hidden />
                        </Button>
                      )}
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex items-center justify-end gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)} aria-label="‹">‹</Button>
        <span className="text-sm">{t('order.page', { page, pages })}</span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)} aria-label="›">›</Button>
      </div>
      {moving && <MoveDialog orderId={orderId} recipient={moving} onClose={() => { setMoving(null); void invalidate(); }} />}
    </section>
  );
}

function MoveDialog({ orderId, recipient, onClose }: { orderId: string; recipient: TRecipient; onClose: () => void }) {
  const { t } = useCompanyT();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await api.post(`/api/company/orders/${orderId}/recipients/${recipient.id}/move`, { name, email });
      toast.success(t('order.moved'));
      onClose();
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('order.moveTitle', { line: recipient.line })}</DialogTitle>
          <DialogDescription>{t('order.moveLead')}</DialogDescription>
        </DialogHeader>
        {error && <Alert variant="error">{error}</Alert>}
        <Field label={t('newOrder.fields.name')}>{(field) => <Input {...field} value={name} onChange={(e) => setName(e.target.value)} />}</Field>
        <Field label={t('newOrder.fields.email')}>{(field) => <Input {...field} type="email" dir="ltr" value={email} onChange={(e) => setEmail(e.target.value)} />}</Field>
        <DialogFooter>
          <Button onClick={() => void save()} loading={busy}>{t('order.save')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
