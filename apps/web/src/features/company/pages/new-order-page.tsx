import { ZCompanyOrder, type TCheckResult, type TCompanyBoxChoices, type TRecipientInput } from '@farha/contracts/company';
import { formatDzd } from '@farha/contracts/money';
import { Download, FileSpreadsheet, ListChecks, PenLine, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { PageHeader } from '@/components/ui/page-header';
import { api, ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import { useDocumentTitle } from '@/lib/use-document-title';
import { checkFile, checkRows, useCompanyBoxes, useInvalidateCompany } from '../api';
import { useCompanyT } from '../i18n';
import { rowProblemText } from '../lib/row-problem';
import { boxOfRow, languageOfRow } from '../lib/row-choices';

/** The template's example rows name boxes on sale today: the server writes it (issue 34). */
const TEMPLATE_URL = '/api/company/orders/template';
/** On a wide screen: name, e-mail, mobile, language on a line; the box (two columns), message and date on the next. */
const ROW_FIELD_ORDER = ['name', 'email', 'mobile', 'language', 'box', 'message', 'deliveryDate'] as const;
const EMPTY_ROW: TRecipientInput = { name: '', email: '', mobile: '', box: '', message: '', deliveryDate: '', language: 'fr' };
const FIELDS = ['name', 'email', 'mobile', 'box', 'message', 'deliveryDate', 'language'] as const;
type Payment = 'transfer' | 'cib' | 'edahabia';
type TRowProblem = TCheckResult['rows'][number]['problems'][number];

/** `/entreprise/commandes/nouvelle` (issue 27): a file of recipients, every row checked at once, corrected in place, priced, paid. */
export function CompanyNewOrderPage() {
  const { t, locale } = useCompanyT();
  useDocumentTitle(t('newOrder.title'));
  const navigate = useNavigate();
  const invalidate = useInvalidateCompany();
  const fileId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [rows, setRows] = useState<TRecipientInput[] | null>(null);
  // Rows from a file (only the wrong ones are shown to correct) or typed one by one (all shown).
  const [mode, setMode] = useState<'file' | 'manual'>('file');
  const boxes = useCompanyBoxes().data?.boxes ?? [];
  const [check, setCheck] = useState<TCheckResult | null>(null);
  const [busy, setBusy] = useState<'reading' | 'checking' | 'placing' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [payment, setPayment] = useState<Payment>('transfer');
  // Issue 35 (docs/product/promotions.md §13): a code typed, the one the last check took, and its refusal.
  const [promoInput, setPromoInput] = useState('');
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const [promoError, setPromoError] = useState<string | null>(null);
  const promoId = useId();
  // One key for this order: a retried request or a second click places the same order (issue 27).
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setBusy('reading');
    try {
      const result = await checkFile(file);
      setMode('file');
      setRows(result.input);
      setCheck(result);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  /** The rows checked again, with `code` when one is applied; a refused code is said under its field and dropped. */
  const checkWith = async (code: string | null) => {
    if (!rows) return;
    setBusy('checking');
    setError(null);
    setPromoError(null);
    try {
      try {
        const result = await checkRows(rows, code ?? undefined);
        setCheck(result);
        // The code as the server keeps it (upper case, no spaces).
        setPromoCode(code ? (result.quote.promo?.code ?? code) : null);
      } catch (e) {
        if (!(code && e instanceof ApiError && e.field === 'promoCode')) throw e;
        setPromoError(errorMessage(e));
        setPromoCode(null);
        setCheck(await checkRows(rows));
      }
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  const recheck = () => checkWith(promoCode);
  const place = async () => {
    if (!rows) return;
    setBusy('placing');
    setError(null);
    try {
      const order = await api.post('/api/company/orders', { rows, payment, idempotencyKey, ...(promoCode ? { promoCode } : {}) }, { schema: ZCompanyOrder });
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
  const typeRows = () => {
    setMode('manual');
    setRows([{ ...EMPTY_ROW }]);
    setCheck(null);
    setError(null);
  };
  // Another row count: the last check no longer says what the order holds.
  const addRow = () => {
    setRows((current) => [...(current ?? []), { ...EMPTY_ROW }]);
    setCheck(null);
  };
  const removeRow = (index: number) => {
    setRows((current) => current && current.filter((_, i) => i !== index));
    setCheck(null);
  };

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
            <a href={TEMPLATE_URL} download="destinataires-farha.csv" data-testid="company-template">
              <Download aria-hidden />
              {t('newOrder.template')}
            </a>
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-muted-foreground">{t('newOrder.or')}</span>
          <Button type="button" variant="outline" size="sm" onClick={typeRows} data-testid="company-type-rows">
            <PenLine aria-hidden />
            {t('newOrder.manual')}
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

      {rows && mode === 'manual' && (
        <section className="grid gap-3 rounded-2xl border bg-card p-5" data-testid="company-manual">
          <h2 className="text-lg font-bold">{t('newOrder.manualTitle')}</h2>
          <ol className="grid gap-3">
            {rows.map((row, index) => {
              const line = index + 2;
              const problems = check?.rows.find((r) => r.line === line)?.problems ?? [];
              return (
                <li key={index} className={cn('grid gap-2 rounded-xl border p-3', problems.length > 0 && 'border-destructive/40')} data-testid="company-entry">
                  <div className="flex items-center justify-between gap-2">
                    <p className="font-semibold">{t('newOrder.recipient', { number: index + 1 })}</p>
                    {rows.length > 1 && (
                      <Button type="button" variant="ghost" size="icon-sm" onClick={() => removeRow(index)} aria-label={t('newOrder.removeRow', { line: index + 1 })}>
                        <Trash2 aria-hidden />
                      </Button>
                    )}
                  </div>
                  <RowProblems problems={problems} />
                  <RowFields row={row} problems={problems} boxes={boxes} onEdit={(field, value) => edit(line, field, value)} testId={(field) => `entry-${index + 1}-${field}`} />
                </li>
              );
            })}
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={addRow} data-testid="company-add-row">
              <Plus aria-hidden />
              {t('newOrder.addRow')}
            </Button>
            <Button type="button" onClick={() => void recheck()} loading={busy === 'checking'} data-testid="company-check-rows">
              <ListChecks aria-hidden />
              {t('newOrder.checkRows')}
            </Button>
          </div>
        </section>
      )}

      {rows && check && (
        <>
          <section className="grid gap-3" data-testid="company-check">
            <p className="font-semibold">{t('newOrder.rows', { count: rows.length })}</p>
            {check.invalid === 0 ? (
              <Alert variant="success">{t('newOrder.allGood')}</Alert>
            ) : (
              <>
                <Alert variant="error">{t('newOrder.problems', { count: check.invalid })}</Alert>
                {mode === 'file' && (
                  <>
                    <ul className="grid gap-3">
                      {check.rows.slice(0, 200).map((r) => (
                        <li key={r.line} className="grid gap-2 rounded-2xl border border-destructive/30 bg-card p-4" data-testid="company-problem">
                          <p className="font-semibold">{t('newOrder.line', { line: r.line })}</p>
                          <RowProblems problems={r.problems} />
                          <RowFields
                            row={rows[r.line - 2] ?? EMPTY_ROW}
                            problems={r.problems}
                            boxes={boxes}
                            onEdit={(field, value) => edit(r.line, field, value)}
                            testId={(field) => `fix-${r.line}-${field}`}
                          />
                        </li>
                      ))}
                    </ul>
                    <Button variant="outline" onClick={() => void recheck()} loading={busy === 'checking'} className="w-fit" data-testid="company-recheck">
                      <RefreshCw aria-hidden />
                      {t('newOrder.recheck')}
                    </Button>
                  </>
                )}
              </>
            )}
          </section>

          <section className="grid gap-3 rounded-2xl border bg-card p-5" data-testid="company-quote">
            <h2 className="text-lg font-bold">{t('newOrder.byBox')}</h2>
            <table className="w-full text-sm">
              <tbody>
                {check.quote.byBox.map((b) => (
                  <tr key={b.boxId} className="border-b">
                    {/* Issue 34: the box's Arabic name on an Arabic page, as the storefront shows it (lib/localized). */}
                    <td className="py-2" dir="auto" data-testid="company-quote-box">{localized(b.name, b.nameAr, locale)}</td>
                    <td className="py-2 text-end tabular-nums">{b.quantity} × {formatDzd(b.unitPrice, locale)}</td>
                    <td className="py-2 text-end font-semibold tabular-nums">{formatDzd(b.amount, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className="grid gap-1 text-sm">
              {(check.quote.discount > 0 || check.quote.promo) && (
                <div className="flex justify-between"><dt>{t('newOrder.subtotal')}</dt><dd className="tabular-nums">{formatDzd(check.quote.subtotal, locale)}</dd></div>
              )}
              {check.quote.discount > 0 && (
                <div className="flex justify-between text-success"><dt>{t('newOrder.discount', { percent: check.quote.discountBp / 100 })}</dt><dd className="tabular-nums">− {formatDzd(check.quote.discount, locale)}</dd></div>
              )}
              {check.quote.promo && (
                <div className="flex justify-between gap-3 text-success" data-testid="company-promo-line">
                  <dt className="min-w-0">
                    {t('newOrder.promoDiscount')} <bdi dir="ltr" className="font-mono">{check.quote.promo.code}</bdi>
                  </dt>
                  <dd className="shrink-0 tabular-nums">− {formatDzd(check.quote.promo.discount, locale)}</dd>
                </div>
              )}
              <div className="flex justify-between text-lg font-extrabold"><dt>{t('newOrder.total')}</dt><dd className="tabular-nums" data-testid="company-total">{formatDzd(check.quote.total, locale)}</dd></div>
            </dl>
            {check.invalid === 0 && (
              <div className="grid gap-1">
                <label htmlFor={promoId} className="text-sm font-semibold">
                  {t('newOrder.promoCode')}
                </label>
                <div className="flex flex-wrap gap-2">
                  <Input
                    id={promoId}
                    dir="ltr"
                    autoCapitalize="characters"
                    className="min-w-0 flex-1 basis-40"
                    value={promoCode ?? promoInput}
                    readOnly={promoCode !== null}
                    onChange={(e) => setPromoInput(e.target.value)}
                    aria-invalid={promoError ? true : undefined}
                    aria-describedby={promoError ? `${promoId}-error` : undefined}
                    maxLength={64}
                    data-testid="company-promo-code"
                  />
                  {promoCode ? (
                    <Button type="button" variant="outline" onClick={() => { setPromoInput(''); void checkWith(null); }} disabled={busy !== null} data-testid="company-promo-remove">
                      {t('newOrder.promoRemove')}
                    </Button>
                  ) : (
                    <Button type="button" variant="outline" onClick={() => void checkWith(promoInput.trim() || null)} disabled={!promoInput.trim()} loading={busy === 'checking'} data-testid="company-promo-apply">
                      {t('newOrder.promoApply')}
                    </Button>
                  )}
                </div>
                {promoError && (
                  <p id={`${promoId}-error`} className="text-sm font-medium text-destructive" data-testid="company-promo-error">
                    {promoError}
                  </p>
                )}
              </div>
            )}
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

function RowProblems({ problems }: { problems: readonly TRowProblem[] }) {
  const { t, locale } = useCompanyT();
  if (problems.length === 0) return null;
  return (
    <ul className="list-disc ps-5 text-sm text-destructive">
      {problems.map((p) => (
        <li key={p.field + p.code}>
          {t(`newOrder.fields.${p.field as (typeof FIELDS)[number]}`)} : {rowProblemText(p, locale)}
        </li>
      ))}
    </ul>
  );
}

/**
 * A recipient row's fields (docs/product/companies.md §3): the box a select of the active boxes (name in
 * the page's language, price), the language a select; a file's value that names neither stays shown, marked.
 */
function RowFields({
  row,
  problems,
  boxes,
  onEdit,
  testId,
}: {
  row: TRecipientInput;
  problems: readonly TRowProblem[];
  boxes: TCompanyBoxChoices['boxes'];
  onEdit: (field: (typeof FIELDS)[number], value: string) => void;
  testId: (field: (typeof FIELDS)[number]) => string;
}) {
  const { t, locale } = useCompanyT();
  const box = boxOfRow(row.box, boxes);
  const language = languageOfRow(row.language);
  return (
    <div className="grid gap-2 sm:grid-cols-4">
      {ROW_FIELD_ORDER.map((field) => {
        const common = {
          'aria-invalid': problems.some((p) => p.field === field) || undefined,
          'data-testid': testId(field),
        };
        return (
          <label key={field} className={cn('grid min-w-0 gap-1 text-xs', field === 'box' && 'sm:col-span-2')}>
            <span className="text-muted-foreground">{t(`newOrder.fields.${field}`)}</span>
            {field === 'box' ? (
              <NativeSelect {...common} value={box?.id ?? row.box} onChange={(e) => onEdit('box', e.target.value)}>
                {!box && (
                  <option value={row.box}>{row.box.trim() ? t('newOrder.unknownBox', { box: row.box }) : t('newOrder.chooseBox')}</option>
                )}
                {boxes.map((b) => (
                  <option key={b.id} value={b.id}>
                    {t('newOrder.boxOption', { name: localized(b.name, b.nameAr, locale), price: formatDzd(b.price, locale) })}
                  </option>
                ))}
              </NativeSelect>
            ) : field === 'language' ? (
              <NativeSelect {...common} value={language ?? row.language} onChange={(e) => onEdit('language', e.target.value)}>
                {!language && <option value={row.language}>{t('newOrder.unknownLanguage', { language: row.language })}</option>}
                <option value="fr" lang="fr">
                  {t('newOrder.languages.fr')}
                </option>
                <option value="ar" lang="ar">
                  {t('newOrder.languages.ar')}
                </option>
              </NativeSelect>
            ) : (
              <Input
                {...common}
                value={row[field]}
                onChange={(e) => onEdit(field, e.target.value)}
                type={field === 'email' ? 'email' : field === 'mobile' ? 'tel' : 'text'}
                dir={field === 'email' || field === 'mobile' || field === 'deliveryDate' ? 'ltr' : undefined}
              />
            )}
          </label>
        );
      })}
    </div>
  );
}
