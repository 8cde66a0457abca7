import { COMPANY_DOCUMENT_TYPES, ZCompanyDocuments } from '@farha/contracts/company';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { api } from '@/lib/api';
import { formatDate } from '@/lib/dates';
import { postForm } from '@/lib/upload';
import { errorMessage } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCompanyMe, useInvalidateCompany } from '../api';
import { useCompanyT } from '../i18n';

/** `/entreprise/compte` (issue 27): the company's identifiers and status, its team, invitations by the admin. */
export function CompanyAccountPage() {
  const { t } = useCompanyT();
  useDocumentTitle(t('account.title'));
  const me = useCompanyMe();
  if (!me.data) return null;
  const { company, memberRole, members } = me.data;
  const ids: [string, string][] = [
    [t('offer.name'), `${company.name} (${company.legalForm})`],
    [t('offer.nif'), company.nif],
    [t('offer.nis'), company.nis],
    [t('offer.rc'), company.rc],
    [t('offer.article'), company.articleImposition],
    [t('offer.address'), `${company.address}, ${company.wilaya}`],
    [t('offer.phone'), company.contactPhone],
  ];
  return (
    <div className="grid gap-6">
      <PageHeader title={t('account.title')} eyebrow={<Badge variant={company.status === 'verified' ? 'soft' : 'accent'}>{t(`status.${company.status}`)}</Badge>} />
      {company.status === 'pending' && <Alert>{t('orders.pendingCompany')}</Alert>}
      {company.status === 'rejected' && company.rejectionReason && <Alert variant="error">{t('account.rejected', { reason: company.rejectionReason })}</Alert>}
      <section className="rounded-2xl border bg-card p-5">
        <h2 className="mb-3 text-lg font-bold">{t('account.identifiers')}</h2>
        <dl className="grid gap-2 sm:grid-cols-2" data-testid="company-identifiers">
          {ids.map(([k, v]) => (
            <div key={k}>
              <dt className="text-sm text-muted-foreground">{k}</dt>
              <dd className="font-semibold" dir="auto">{v}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="grid gap-3 rounded-2xl border bg-card p-5">
        <h2 className="text-lg font-bold">{t('account.members')}</h2>
        <ul className="grid gap-2">
          {members.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 border-b pb-2">
              <span>
                {m.firstName} {m.lastName} <span className="text-sm text-muted-foreground" dir="ltr">{m.email}</span>
              </span>
              <Badge variant="muted">{m.role === 'company_admin' ? t('account.admin') : t('account.buyer')}</Badge>
            </li>
          ))}
        </ul>
        {memberRole === 'admin' && <InviteForm />}
      </section>
      <Documents canUpload={memberRole === 'admin'} />
    </div>
  );
}

/**
 * The documents finance asks for before it verifies the company (extrait du RC, carte NIF, statuts): every
 * member sees them, only the company's admin sends them (ADR 015, the server refuses a buyer's).
 */
function Documents({ canUpload }: { canUpload: boolean }) {
  const { t, locale } = useCompanyT();
  const client = useQueryClient();
  const docs = useQuery({ queryKey: ['company', 'documents'], queryFn: ({ signal }) => api.get('/api/company/documents', { schema: ZCompanyDocuments, signal }) });
  const [busy, setBusy] = useState<string | null>(null);
  const upload = async (type: string, file: File | undefined) => {
    if (!file) return;
    setBusy(type);
    const form = new FormData();
    form.append('type', type);
    form.append('file', file, file.name);
    try {
      await postForm('/api/company/documents', form, ZCompanyDocuments);
      await client.invalidateQueries({ queryKey: ['company', 'documents'] });
      toast.success(t('account.uploaded'));
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="grid gap-3 rounded-2xl border bg-card p-5" data-testid="company-documents-upload">
      <h2 className="text-lg font-bold">{t('account.documents')}</h2>
      <p className="text-sm text-muted-foreground">{t('account.documentsLead')}</p>
      <ul className="grid gap-3">
        {COMPANY_DOCUMENT_TYPES.map((type) => {
          const latest = docs.data?.documents.find((d) => d.type === type);
          return (
            <li key={type} className="flex flex-wrap items-center justify-between gap-2 border-b pb-2">
              <span className="font-medium">{t(`account.documentTypes.${type}`)}</span>
              <span className="flex items-center gap-2 text-sm">
                {latest ? (
                  <a href={`/api/company/documents/${latest.id}/file`} className="text-primary hover:underline">
                    {latest.filename} · {formatDate(latest.createdAt, locale)}
                  </a>
                ) : (
                  <Badge variant="accent">{t('account.missing')}</Badge>
                )}
                {canUpload && (
                  <label className="cursor-pointer rounded-lg border px-3 py-1.5 font-semibold hover:bg-muted">
                    {busy === type ? '…' : t('account.upload')}
                    <input type="file" accept=".pdf,.jpg,.jpeg,.png" className="sr-only" onChange={(e) => void upload(type, e.target.files?.[0])} />
                  </label>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function InviteForm() {
  const { t } = useCompanyT();
  const invalidate = useInvalidateCompany();
  const [form, setForm] = useState({ email: '', firstName: '', lastName: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.post('/api/company/members', form);
      toast.success(t('account.invited'));
      setForm({ email: '', firstName: '', lastName: '' });
      await invalidate();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 sm:grid-cols-3" data-testid="company-invite">
      <p className="text-sm text-muted-foreground sm:col-span-3">{t('account.inviteLead')}</p>
      {error && <Alert variant="error" className="sm:col-span-3">{error}</Alert>}
      <Field label={t('offer.firstName')}>{(f) => <Input {...f} value={form.firstName} onChange={(e) => setForm({ ...form, firstName: e.target.value })} />}</Field>
      <Field label={t('offer.lastName')}>{(f) => <Input {...f} value={form.lastName} onChange={(e) => setForm({ ...form, lastName: e.target.value })} />}</Field>
      <Field label={t('offer.email')}>{(f) => <Input {...f} type="email" dir="ltr" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />}</Field>
      <Button type="submit" loading={busy} className="w-fit">{t('account.invite')}</Button>
    </form>
  );
}
