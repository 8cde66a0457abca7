import type { LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { EmptyNote, LoadFailed as SharedLoadFailed, QueryStates, type ListQuery } from '@/components/query-states';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { adminMessage, useAdminTranslation, type AdminLocale } from '../i18n';

export function formatNumber(value: number, locale: AdminLocale): string {
  return new Intl.NumberFormat(locale === 'ar' ? 'ar-DZ' : 'fr-FR', { maximumFractionDigits: 1 }).format(value);
}

/** A figure with its label and how it is defined. */
export function KpiTile(props: { label: string; value: ReactNode; hint?: ReactNode; icon?: LucideIcon; loading?: boolean; testId?: string; footer?: ReactNode }) {
  const Icon = props.icon;
  return (
    <div className="flex min-w-0 flex-col gap-2 rounded-xl border border-border bg-card p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{props.label}</p>
        {Icon && (
          <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-strong">
            <Icon aria-hidden className="size-5" />
          </span>
        )}
      </div>
      {props.loading ? (
        <Skeleton className="h-8 w-24" />
      ) : (
        <p className="text-xl font-bold tracking-tight tabular-nums sm:text-2xl" data-testid={props.testId}>
          {props.value}
        </p>
      )}
      {props.footer}
      {props.hint && <p className="text-xs text-muted-foreground">{props.hint}</p>}
    </div>
  );
}

/** A failed load: what failed, the server's reason and a retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useAdminTranslation();
  return <SharedLoadFailed title={t('common.loadError')} detail={adminMessage(error)} retry={t('common.retry')} onRetry={onRetry} />;
}

/** A back-office list with its states: a placeholder while it loads, the failure with a retry, `empty` in a card. */
export function AdminQueryStates<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: ListQuery<T> & { error: unknown };
  isEmpty?: (data: T) => boolean;
  empty?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useAdminTranslation();
  return (
    <QueryStates
      query={query}
      loading={<Skeleton className="h-40" />}
      failed={{ title: t('common.loadError'), detail: adminMessage(query.error), retry: t('common.retry') }}
      isEmpty={isEmpty}
      empty={empty !== undefined && <EmptyNote look="card" text={empty} />}
    >
      {children}
    </QueryStates>
  );
}

/**
 * One page of a back-office list: its states (AdminQueryStates, `empty` when the page has no item), the
 * items as a list (`className`, `testId`), each drawn by `children`, and the pager below.
 */
export function AdminPagedList<D extends { page: number; pageSize: number; total: number }, T extends { id: string }>(props: {
  query: ListQuery<D> & { error: unknown };
  items: (data: D) => T[];
  empty: string;
  className: string;
  testId: string;
  onPage: (page: number) => void;
  children: (item: T) => ReactNode;
}) {
  const { query, items } = props;
  return (
    <>
      <AdminQueryStates query={query} isEmpty={(data) => items(data).length === 0} empty={props.empty}>
        {(data) => (
          <ul className={props.className} data-testid={props.testId}>
            {items(data).map((item) => (
              <li key={item.id}>{props.children(item)}</li>
            ))}
          </ul>
        )}
      </AdminQueryStates>
      {query.data && <Pager page={query.data.page} pageSize={query.data.pageSize} total={query.data.total} onPage={props.onPage} />}
    </>
  );
}

/** Page n of m with previous and next; nothing when the list fits on one page. */
export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const { t } = useAdminTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="flex flex-wrap items-center justify-between gap-2 text-sm" aria-label="pagination">
      <span className="text-muted-foreground">{t('common.pageOf', { page, pages, count: total })}</span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('common.previous')}
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('common.next')}
        </Button>
      </div>
    </nav>
  );
}

/** A filter chip row (tabs over a list); the current one is pressed. */
export function FilterChips<T extends string>(props: { value: T; options: { value: T; label: string; count?: number }[]; onChange: (v: T) => void; label: string }) {
  return (
    <div role="group" aria-label={props.label} className="flex flex-wrap gap-2">
      {props.options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={props.value === o.value}
          onClick={() => props.onChange(o.value)}
          className={cn(
            'rounded-full border px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            props.value === o.value ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card hover:bg-muted',
          )}
        >
          {o.label}
          {o.count !== undefined && <span className="ms-1.5 tabular-nums">{o.count}</span>}
        </button>
      ))}
    </div>
  );
}

/**
 * What a PromptDialog is open for (null: closed) and the error it shows; `dialogProps` gives the dialog its
 * open state, its error and a close that forgets both.
 */
export function usePrompt<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setTarget(null);
    setError(null);
  };
  return { target, open: setTarget, close, setError, dialogProps: { open: target !== null, error, onClose: close } };
}

/** A confirmation that may ask for one text (a bank reference, a reason); the answer goes to onConfirm. */
export function PromptDialog(props: {
  open: boolean;
  title: string;
  text: string;
  inputLabel?: string;
  confirmLabel: string;
  destructive?: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: (value: string) => void;
  onClose: () => void;
}) {
  const { t } = useAdminTranslation();
  const [value, setValue] = useState('');
  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => {
        if (!open) {
          setValue('');
          props.onClose();
        }
      }}
    >
      <DialogContent>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            props.onConfirm(value.trim());
          }}
          className="space-y-4"
        >
          <DialogHeader>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogDescription>{props.text}</DialogDescription>
          </DialogHeader>
          {props.inputLabel && (
            <Field label={props.inputLabel} error={props.error ?? undefined}>
              {(control) => <Input {...control} value={value} onChange={(e) => setValue(e.target.value)} autoFocus data-testid="prompt-input" />}
            </Field>
          )}
          {!props.inputLabel && props.error && <Alert variant="error">{props.error}</Alert>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant={props.destructive ? 'destructive' : 'default'} disabled={props.pending} data-testid="prompt-confirm">
              {props.confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A queue's status tab and page, kept in the address (`?status=…&page=…`): a status not among `filters`
 * reads as `fallback`; choosing a tab goes back to its first page.
 */
export function useStatusPage<F extends string>(filters: readonly F[], fallback: F) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status') ?? '';
  const status = (filters as readonly string[]).includes(asked) ? (asked as F) : fallback;
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  return {
    status,
    page,
    setStatus: (next: F) => setParams({ status: next }),
    setPage: (next: number) => setParams({ status, page: String(next) }),
  };
}

/** The tabs of a queue's statuses, each with its count of the server's `counts` ('all' shows none). */
export function StatusChips<F extends string>(props: {
  label: string;
  filters: readonly F[];
  value: F;
  onChange: (next: F) => void;
  tab: (filter: F) => string;
  counts: Partial<Record<string, number>>;
}) {
  return (
    <FilterChips
      label={props.label}
      value={props.value}
      onChange={props.onChange}
      options={props.filters.map((f) => ({ value: f, label: props.tab(f), count: f === 'all' ? undefined : (props.counts[f] ?? 0) }))}
    />
  );
}

/** What finance records when money went out or could not: paid with the bank's reference, or failed with a reason. */
export type TSettlement = { action: 'paid'; reference: string } | { action: 'failed'; reason: string };

/**
 * The prompt that records a payout or a refund paid (asking the reference) or failed (asking the reason), in
 * the words of `words` (the back office's 'payouts' or 'refunds'); `text` says what is being settled.
 */
export function SettleDialog(props: {
  words: 'payouts' | 'refunds';
  kind: TSettlement['action'] | undefined;
  text: string;
  open: boolean;
  error: string | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (settlement: TSettlement) => void;
}) {
  const { t } = useAdminTranslation();
  const { words, kind } = props;
  const paid = kind === 'paid';
  return (
    <PromptDialog
      open={props.open}
      error={props.error}
      onClose={props.onClose}
      title={paid ? t(`${words}.paidTitle`) : t(`${words}.failedTitle`)}
      text={props.text}
      inputLabel={paid ? t(`${words}.referenceLabel`) : t(`${words}.reasonLabel`)}
      confirmLabel={paid ? t(`${words}.markPaid`) : t(`${words}.markFailed`)}
      destructive={kind === 'failed'}
      pending={props.pending}
      onConfirm={(value) => {
        if (kind) props.onConfirm(paid ? { action: 'paid', reference: value } : { action: 'failed', reason: value });
      }}
    />
  );
}
