import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyNote, QueryStates, type ListQuery } from '@/components/query-states';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { deskMessage, useDeskTranslation } from '../i18n';

/**
 * URL-backed filters: an empty value removes its parameter, and every change but a page change or the
 * opening and closing of an item (`detailKey`: the open ticket, dispute, user…) goes back to page 1.
 */
export function useUrlFilters(detailKey = 'id') {
  const [params, setParams] = useSearchParams();
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes) && !(detailKey in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  return { params, set, page: Number(params.get('page') ?? '1') || 1 };
}

export function SearchBox({ value, label, onSearch, children }: { value: string; label: string; onSearch: (q: string) => void; children?: ReactNode }) {
  const [q, setQ] = useState(value);
  return (
    <form role="search" className="flex flex-col gap-2 md:flex-row md:items-center" onSubmit={(e) => { e.preventDefault(); onSearch(q.trim()); }}>
      <SearchInput frameClassName="md:w-96" value={q} onChange={(e) => setQ(e.target.value)} onBlur={() => q.trim() !== value && onSearch(q.trim())} placeholder={label} aria-label={label} data-testid="portal-search" />
      {children}
    </form>
  );
}

export function Pager({ page, total, pageSize, onPage }: { page: number; total: number; pageSize: number; onPage: (page: number) => void }) {
  const { t } = useDeskTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="flex items-center justify-between gap-2" aria-label={t('tickets.page', { page, pages })}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>{t('tickets.previous')}</Button>
      <span className="text-sm text-muted-foreground">{t('tickets.page', { page, pages })}</span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>{t('tickets.next')}</Button>
    </nav>
  );
}

/** A titled block of short lines, with a placeholder when empty. */
export function Block({ title, empty, children, count }: { title: string; empty: string; children: ReactNode[]; count?: number }) {
  return (
    <section className="min-w-0 space-y-2 rounded-xl border border-border bg-card p-4">
      <h3 className="flex items-center justify-between gap-2 text-sm font-semibold">
        <span>{title}</span>
        {count !== undefined && <span className="rounded-full bg-muted px-2 text-xs tabular-nums text-muted-foreground">{count}</span>}
      </h3>
      {children.length === 0 ? <p className="text-sm text-muted-foreground">{empty}</p> : <ul className="space-y-1.5 text-sm">{children}</ul>}
    </section>
  );
}

const ROW_CLASS = 'grid w-full gap-1 p-4 text-start hover:bg-muted/50 md:grid-cols-[1fr_auto] md:items-center';

/**
 * One page of a portal list whose rows open an item (a ticket, a dispute, a user, a partner): its states
 * (PortalQueryStates, `empty` when the page has no item), each row a button (`rowTestId`) drawn by
 * `children` that calls `onOpen`, and the pager below.
 */
export function PortalList<D extends { total: number; pageSize: number }, T extends { id: string }>(props: {
  query: ListQuery<D> & { error: unknown };
  items: (data: D) => T[];
  empty: string;
  page: number;
  onPage: (page: number) => void;
  onOpen: (item: T) => void;
  rowTestId: string;
  rowClassName?: string;
  /** The list's accessible name. */
  label?: (data: D) => string;
  children: (item: T) => ReactNode;
}) {
  const { query, items } = props;
  return (
    <>
      <PortalQueryStates query={query} isEmpty={(data) => items(data).length === 0} empty={props.empty}>
        {(data) => (
          <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card" aria-label={props.label?.(data)}>
            {items(data).map((item) => (
              <li key={item.id}>
                <button type="button" onClick={() => props.onOpen(item)} className={props.rowClassName ?? ROW_CLASS} data-testid={props.rowTestId}>
                  {props.children(item)}
                </button>
              </li>
            ))}
          </ul>
        )}
      </PortalQueryStates>
      {query.data && <Pager page={props.page} total={query.data.total} pageSize={query.data.pageSize} onPage={props.onPage} />}
    </>
  );
}

/**
 * A portal list (or report) with its states: a placeholder while it loads, the failure with the server's
 * reason and a retry, `empty` in a dashed frame.
 */
export function PortalQueryStates<T>({
  query,
  isEmpty,
  empty,
  skeletonClassName = 'h-64',
  children,
}: {
  query: ListQuery<T> & { error: unknown };
  isEmpty?: (data: T) => boolean;
  empty?: string;
  skeletonClassName?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useDeskTranslation();
  return (
    <QueryStates
      query={query}
      loading={<Skeleton className={cn('w-full', skeletonClassName)} />}
      failed={{ title: t('list.loadError'), detail: deskMessage(query.error), retry: t('list.retry') }}
      isEmpty={isEmpty}
      empty={empty !== undefined && <EmptyNote text={empty} />}
    >
      {children}
    </QueryStates>
  );
}
