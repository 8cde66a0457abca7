import { ZCompanyOrder, type TCheckResult, type TRecipientInput } from '@farha/contracts/company';
import { formatDzd } from '@farha/contracts/money';
import { Download, FileSpreadsheet, RefreshCw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { api } from '@/lib/api';
import { errorMessage } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { checkFile, checkRows, useInvalidateCompany } from '../api';
import { useCompanyT } from '../i18n';
import { rowProblemText } from '../lib/row-problem';

const TEMPLATE = 'nom;email;mobile;coffret;message;date;langue\nAmina Benali;amina.benali@exemple.dz;0550 12 34 56;Hammam & Spa;Bonne fête de l’Aïd !;;fr\n';
const FIELDS = ['name', 'email', 'mobile', 'box', 'message', 'deliveryDate', 'language'] as const;
type Payment = 'transfer' | 'cib' | 'edahabia';

/** `/entreprise/commandes/nouvelle` (issue 27): a file of recipients, every row checked at once, corrected in place, priced, paid. */
export function CompanyNewOrderPage() {
  const { t, locale } = useCompanyT();
  useDocumentTitle(t('newOrder.title'));
  const navigate = useNavigate();
  const invalidate = useInvalidateCompany();
  const fileId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [rows, setRows] = useState<TRecipientInput[] | null>(null);
  const [check, setCheck] = useState<TCheckResult | null>(null);
  const [busy, setBusy] = useState<'reading' | 'checking' | 'placing' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [payment, setPayment] = useState<Payment>('transfer');
  // One key for this order: a retried request or a second click places the same order (issue 27).
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setBusy('reading');
    try {
      const result = await checkFile(file);
      setRows(result.input);
      setCheck(result);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  const recheck = async () => {
    if (!rows) return;
    setBusy('checking');
    setError(null);
    try {
      setCheck(await checkRows(rows));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  const place = async () => {
    if (!rows) return;
    setBusy('placing');
    setError(null);
    try {
      const order = await api.post('/api/company/orders', { rows, payment, idempotencyKey }, { schema: ZCompanyOrder });
      await invalidate();
      if (order.checkoutUrl) window.location.assign(order.checkoutUrl);
      else await navigate(paths.company.order.replace(':id', order.id));
    } catch (e) {
      setError(errorMessage(e));
      setBusy(null);
    }
  };
  const edit = (line: number, field: (typeof FIELDS)[number], value: string) =>
    setRows((current) => current && current.map((row, i) => (i === line - 2 ? { ...row, [field]: value } : row)));
  const template = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${TEMPLATE}`)}`;

  return (
    <div className="grid gap-6">
      <PageHeader title={t('newOrder.title')} description={t('newOrder.lead')} />
      {error && <Alert variant="error">{error}</Alert>}
      <section className="grid gap-3 rounded-2xl border bg-card p-5">
        <label htmlFor={fileId} className="font-semibold">{t('newOrder.file')}</label>
        <p className="text-sm text-muted-foreground">{t('newOrder.fileHint')}</p>
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={fileRef}
            id={fileId}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => void onFile(e.target.files?.[0])}
            className="sr-only"
            data-testid="company-file"
          />
          <Button type="button" onClick={() => fileRef.current?.click()} loading={busy === 'reading'} className="h-auto min-h-10 max-w-full shrink py-2 whitespace-normal">
            <FileSpreadsheet aria-hidden />
            {t('newOrder.file')}
          </Button>
          <Button asChild variant="ghost" size="sm">
            <a href={template} download="destinataires-farha.csv">
              <Download aria-hidden />
              {t('newOrder.template')}
            </a>
          </Button>
        </div>
        {busy === 'reading' && (
          <div className="grid gap-2" role="status">
            <div className="h-2 overflow-hidden rounded-full bg-muted">
              <div className="h-full w-1/3 animate-pulse rounded-full bg-primary" />
            </div>
            <p className="text-sm text-muted-foreground">{t('newOrder.reading')}</p>
          </div>
        )}
      </section>

      {rows && check && (
        <>
          <section className="grid gap-3" data-testid="company-check">
            <p className="font-semibold">{t('newOrder.rows', { count: rows.length })}</p>
            {check.invalid === 0 ? (
              <Alert variant="success">{t('newOrder.allGood')}</Alert>
            ) : (
              <>
                <Alert variant="error">{t('newOrder.problems', { count: check.invalid })}</Alert>
                <ul className="grid gap-3">
                  {check.rows.slice(0, 200).map((r) => (
                    <li key={r.line} className="grid gap-2 rounded-2xl border border-destructive/30 bg-card p-4" data-testid="company-problem">
                      <p className="font-semibold">{t('newOrder.line', { line: r.line })}</p>
                      <ul className="list-disc ps-5 text-sm text-destructive">
                        {r.problems.map((p) => (
                          <li key={p.field + p.code}>
                            {t(`newOrder.fields.${p.field as (typeof FIELDS)[number]}`)} : {rowProblemText(p, locale)}
                          </li>
                        ))}
                      </ul>
                      <div className="grid gap-2 sm:grid-cols-4">
                        {FIELDS.map((field) => (
                          <label key={field} className="grid gap-1 text-xs">
                            <span className="text-muted-foreground">{t(`newOrder.fields.${field}`)}</span>
                            <Input
                              defaultValue={rows[r.line - 2]?.[field] ?? ''}
                              aria-invalid={r.problems.some((p) => p.field === field) || undefined}
                              onChange={(e) => edit(r.line, field, e.target.value)}
                              dir={field === 'email' || field === 'mobile' || field === 'deliveryDate' ? 'ltr' : undefined}
                              data-testid={`fix-${r.line}-${field}`}
                            />
                          </label>
                        ))}
                      </div>
                    </li>
                  ))}
                </ul>
                <Button variant="outline" onClick={() => void recheck()} loading={busy === 'checking'} className="w-fit" data-testid="company-recheck">
                  <RefreshCw aria-hidden />
                  {t('newOrder.recheck')}
                </Button>
              </>
            )}
          </section>

          <section className="grid gap-3 rounded-2xl border bg-card p-5" data-testid="company-quote">
            <h2 className="text-lg font-bold">{t('newOrder.byBox')}</h2>
            <table className="w-full text-sm">
              <tbody>
                {check.quote.byBox.map((b) => (
                  <tr key={b.boxId} className="border-b">
                    <td className="py-2">{b.name}</td>
                    <td className="py-2 text-end tabular-nums">{b.quantity} × {formatDzd(b.unitPrice, locale)}</td>
                    <td className="py-2 text-end font-semibold tabular-nums">{formatDzd(b.amount, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className="grid gap-1 text-sm">
              {check.quote.discount > 0 && (
                <>
                  <div className="flex justify-between"><dt>{t('newOrder.subtotal')}</dt><dd className="tabular-nums">{formatDzd(check.quote.subtotal, locale)}</dd></div>
                  <div className="flex justify-between text-success"><dt>{t('newOrder.discount', { percent: check.quote.discountBp / 100 })}</dt><dd className="tabular-nums">− {formatDzd(check.quote.discount, locale)}</dd></div>
                </>
              )}
              <div className="flex justify-between text-lg font-extrabold"><dt>{t('newOrder.total')}</dt><dd className="tabular-nums" data-testid="company-total">{formatDzd(check.quote.total, locale)}</dd></div>
            </dl>
            <fieldset className="grid gap-2">
              <legend className="mb-1 font-semibold">{t('newOrder.payment')}</legend>
              {(['transfer', 'cib', 'edahabia'] as const).map((p) => (
                <label key={p} className="flex items-center gap-2">
                  <input type="radio" name="payment" value={p} checked={payment === p} onChange={() => setPayment(p)} data-testid={`pay-${p}`} />
                  {t(`newOrder.${p}`)}
                </label>
              ))}
            </fieldset>
            <Button size="lg" disabled={check.invalid > 0} loading={busy === 'placing'} onClick={() => void place()} data-testid="company-place">
              {t('newOrder.place')}
            </Button>
          </section>
        </>
      )}
    </div>
  );
}
