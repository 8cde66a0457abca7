import type { TRemittanceLine, TRemittanceRow } from '@farha/contracts/delivery';
import { formatDzd } from '@farha/contracts/money';
import { Banknote, CircleAlert, CloudDownload, HandCoins, Scale, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { EmptyNote, LoadFailed } from '@/components/query-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { isolate } from '@/lib/bidi';
import { cn } from '@/lib/cn';
import { formatDate, formatDateTime } from '@/lib/dates';
import { errorMessage } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useConfirmRemittance, useFetchRemittance, useImportRemittance, useRemittance, useRemittances } from '../api/remittances';
import { FigureTile } from '../components/figure-tile';
import { useDeliveryT } from '../i18n';

/**
 * /admin/remittances (issue 38, finance and superadmin; docs/product/delivery.md §8): what the couriers collected,
 * what is reconciled and what they still owe; a statement imported (CSV) or fetched from the courier becomes a
 * draft whose lines are matched parcel by parcel, differences shown; « Valider le rapprochement » reconciles the
 * matched parcels, whose cash then counts for the partners' payouts.
 */
export function RemittancesPage() {
  const { t, locale } = useDeliveryT();
  useDocumentTitle(t('remittances.title'));
  const list = useRemittances();
  const importer = useImportRemittance();
  const fetcher = useFetchRemittance();
  const fileInput = useRef<HTMLInputElement>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const summary = list.data?.pages[0]?.summary;
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];

  const onFile = (file: File | undefined) => {
    if (!file) return;
    importer.mutate(file, {
      onSuccess: ({ remittance }) => setOpenId(remittance.id),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => {
        if (fileInput.current) fileInput.current.value = '';
      },
    });
  };
  const onFetch = () =>
    fetcher.mutate(undefined, {
      onSuccess: ({ remittance }) => setOpenId(remittance.id),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <div className="space-y-6" data-testid="remittances-page">
      <PageHeader title={t('remittances.title')} description={t('remittances.intro')} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="remittances-summary">
        {summary ? (
          <>
            <FigureTile label={t('remittances.collected')} value={formatDzd(summary.collected, locale)} icon={HandCoins} testId="remittances-collected" />
            <FigureTile label={t('remittances.reconciled')} value={formatDzd(summary.reconciled, locale)} icon={Scale} testId="remittances-reconciled" />
            <FigureTile label={t('remittances.owed')} value={formatDzd(summary.owed, locale)} icon={Banknote} testId="remittances-owed" />
            <FigureTile label={t('remittances.mismatches')} value={summary.mismatches} icon={CircleAlert} testId="remittances-mismatches" tone={summary.mismatches > 0 ? 'warning' : undefined} />
          </>
        ) : (
          [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-28" />)
        )}
      </div>

      <div className="flex flex-wrap items-start gap-3">
        <div className="grid gap-1">
          <input ref={fileInput} type="file" accept=".csv,text/csv,text/plain" className="sr-only" id="remittance-file" aria-label={t('remittances.import')} tabIndex={-1} data-testid="remittance-file" onChange={(event) => onFile(event.target.files?.[0])} />
          <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={importer.isPending} data-testid="remittance-import">
            <Upload aria-hidden />
            {importer.isPending ? t('remittances.importing') : t('remittances.import')}
          </Button>
          <p className="max-w-xs text-xs text-muted-foreground">{t('remittances.importHint')}</p>
        </div>
        <Button onClick={onFetch} disabled={fetcher.isPending} data-testid="remittance-fetch">
          <CloudDownload aria-hidden />
          {fetcher.isPending ? t('remittances.fetching') : t('remittances.fetch')}
        </Button>
      </div>

      {openId && <RemittanceDetail id={openId} onClose={() => setOpenId(null)} />}

      <section aria-labelledby="remittances-list" className="space-y-3">
        <h2 id="remittances-list" className="text-lg font-bold">
          {t('remittances.list')}
        </h2>
        {list.isPending ? (
          <Skeleton className="h-40" />
        ) : list.isError ? (
          <LoadFailed title={errorMessage(list.error)} retry={t('common.retry')} onRetry={() => void list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyNote text={t('remittances.empty')} look="card" />
        ) : (
          <ul className="space-y-3" data-testid="remittances-list">
            {rows.map((row) => (
              <li key={row.id}>
                <RemittanceRow row={row} onOpen={() => setOpenId(row.id)} />
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {t('board.more')}
          </Button>
        )}
      </section>
    </div>
  );
}

function RemittanceRow({ row, onOpen }: { row: TRemittanceRow; onOpen: () => void }) {
  const { t, locale } = useDeliveryT();
  return (
    <article className="flex min-w-0 flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-card p-4 shadow-sm" data-testid="remittance-row" data-status={row.status}>
      <div className="min-w-0 space-y-1">
        <p className="break-words font-semibold">
          <span>{t('remittances.reference', { reference: isolate(row.reference) })}</span>{' '}
          <span className="font-normal text-muted-foreground">{t('remittances.statementDate', { date: formatDate(row.statementDate, locale) })}</span>
        </p>
        <p className="text-sm text-muted-foreground">
          {t('remittances.declared', { amount: formatDzd(row.declaredTotal, locale) })} · {t(`remittances.source.${row.source}`)}
          {row.differenceCount > 0 && <span className="font-semibold text-destructive"> · {t('remittances.mismatches')} : {row.differenceCount}</span>}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Badge variant={row.status === 'confirmed' ? 'accent' : 'outline'}>{t(`remittances.status.${row.status}`)}</Badge>
        <Button size="sm" variant="outline" onClick={onOpen} data-testid="remittance-open">
          {t('remittances.open')}
        </Button>
      </div>
    </article>
  );
}

function RemittanceDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, locale } = useDeliveryT();
  const detail = useRemittance(id);
  const confirm = useConfirmRemittance();
  const [asking, setAsking] = useState(false);

  if (detail.isPending) return <Skeleton className="h-64" />;
  if (detail.isError) return <LoadFailed title={t('remittances.loadError')} detail={errorMessage(detail.error)} retry={t('common.retry')} onRetry={() => void detail.refetch()} />;
  const { remittance, lines } = detail.data;
  const matched = lines.filter((line) => line.outcome === 'matched').length;

  return (
    <section className="space-y-4 rounded-xl border-2 border-primary/40 bg-card p-4 shadow-sm sm:p-5" aria-labelledby="remittance-detail" data-testid="remittance-detail" data-status={remittance.status}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="remittance-detail" className="break-words text-lg font-bold">
            {t('remittances.reference', { reference: isolate(remittance.reference) })}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t('remittances.declared', { amount: formatDzd(remittance.declaredTotal, locale) })} · {t(`remittances.status.${remittance.status}`)}
            {remittance.confirmedAt && ` · ${formatDateTime(remittance.confirmedAt, locale)}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {remittance.status === 'draft' && (
            <Button onClick={() => setAsking(true)} disabled={matched === 0} data-testid="remittance-confirm">
              {t('remittances.confirm')}
            </Button>
          )}
          <Button variant="outline" onClick={onClose}>
            {t('remittances.close')}
          </Button>
        </div>
      </div>
      <h3 className="text-sm font-semibold">{t('remittances.lines')}</h3>
      {/* On a phone, one card a line; from a tablet on, the table. */}
      <ul className="space-y-2 sm:hidden">
        {lines.map((line) => (
          <LineCard key={line.id} line={line} />
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-lg border border-border sm:block">
        <table className="w-full min-w-[34rem] text-sm" data-testid="remittance-lines">
          <thead className="bg-muted/60 text-start text-xs text-muted-foreground">
            <tr>
              <th className="px-3 py-2 text-start font-medium">{t('remittances.tracking')}</th>
              <th className="px-3 py-2 text-end font-medium">{t('remittances.amount')}</th>
              <th className="px-3 py-2 text-end font-medium">{t('remittances.expected')}</th>
              <th className="px-3 py-2 text-end font-medium">{t('remittances.difference')}</th>
              <th className="px-3 py-2 text-start font-medium">{t('remittances.outcomeLabel')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {lines.map((line) => (
              <LineRow key={line.id} line={line} />
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('remittances.confirmTitle')}
        description={t('remittances.confirmText')}
        confirmLabel={t('remittances.confirm')}
        cancelLabel={t('remittances.cancel')}
        pending={confirm.isPending}
        onConfirm={() =>
          confirm.mutate(id, {
            onSuccess: (answer) => {
              setAsking(false);
              toast.success(t('remittances.confirmed', { count: answer.lines.filter((line) => line.outcome === 'matched').length }));
            },
            onError: (error) => {
              setAsking(false);
              toast.error(errorMessage(error));
            },
          })
        }
        testId="remittance-confirm-dialog"
        confirmTestId="remittance-confirm-yes"
      />
    </section>
  );
}

function LineRow({ line }: { line: TRemittanceLine }) {
  const { t, locale } = useDeliveryT();
  const off = line.outcome !== 'matched';
  return (
    <tr className={cn(off && 'bg-destructive/5')} data-testid="remittance-line" data-outcome={line.outcome}>
      <td className="px-3 py-2 font-mono" dir="ltr">
        {line.tracking}
      </td>
      <td className="px-3 py-2 text-end tabular-nums">{formatDzd(line.amount, locale)}</td>
      <td className="px-3 py-2 text-end tabular-nums text-muted-foreground">{line.expected === null ? '—' : formatDzd(line.expected, locale)}</td>
      <td className={cn('px-3 py-2 text-end tabular-nums', line.difference !== 0 && 'font-semibold text-destructive')}>
        {line.difference === 0 ? '—' : formatDzd(line.difference, locale)}
      </td>
      <td className="px-3 py-2">
        <Badge variant={off ? 'destructive' : 'accent'}>{t(`remittances.outcome.${line.outcome}`)}</Badge>
      </td>
    </tr>
  );
}

function LineCard({ line }: { line: TRemittanceLine }) {
  const { t, locale } = useDeliveryT();
  const off = line.outcome !== 'matched';
  return (
    <li className={cn('space-y-1 rounded-lg border border-border p-3 text-sm', off && 'border-destructive/40 bg-destructive/5')} data-testid="remittance-line-card" data-outcome={line.outcome}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-mono" dir="ltr">
          {line.tracking}
        </span>
        <Badge variant={off ? 'destructive' : 'accent'}>{t(`remittances.outcome.${line.outcome}`)}</Badge>
      </div>
      <p className="tabular-nums">
        {t('remittances.amount')} : {formatDzd(line.amount, locale)}
        {line.expected !== null && <span className="text-muted-foreground"> · {t('remittances.expected')} : {formatDzd(line.expected, locale)}</span>}
      </p>
      {line.difference !== 0 && (
        <p className="font-semibold tabular-nums text-destructive">
          {t('remittances.difference')} : {formatDzd(line.difference, locale)}
        </p>
      )}
    </li>
  );
}
