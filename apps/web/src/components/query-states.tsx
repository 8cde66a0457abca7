import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** What the states read of a TanStack query (a `useQuery` result fits). */
export interface ListQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** The words of a failed load, from the page's bundle. */
export interface LoadFailedLabels {
  /** 'Impossible de charger…': alone, it sits beside the retry; with a detail, it is the title above it. */
  title: string;
  /** The server's reason, already in the reader's language. */
  detail?: string;
  /** The button's words (and icon, if the page shows one). */
  retry: ReactNode;
}

/** A list or page that could not load, announced to screen readers, with a retry. */
export function LoadFailed({ title, detail, retry, onRetry }: LoadFailedLabels & { onRetry: () => void }) {
  const button = (
    <Button size="sm" variant="outline" className={cn(detail !== undefined && 'mt-2')} onClick={onRetry}>
      {retry}
    </Button>
  );
  return (
    <Alert variant="error">
      {detail === undefined ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {title}
          {button}
        </div>
      ) : (
        <>
          <p className="font-semibold">{title}</p>
          <p>{detail}</p>
          {button}
        </>
      )}
    </Alert>
  );
}

/**
 * Nothing to show: a quiet centred line, in a card (the back office) or a dashed frame (the support portal,
 * the help centre). `children` may add a hint or a way out below the line.
 */
export function EmptyNote({ text, look = 'dashed', testId, children }: { text: string; look?: 'card' | 'dashed'; testId?: string; children?: ReactNode }) {
  if (look === 'card') {
    return (
      <Card data-testid={testId}>
        <CardContent className="py-10 text-center text-muted-foreground">
          {text}
          {children}
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="grid justify-items-center gap-2 rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground" data-testid={testId}>
      <p>{text}</p>
      {children}
    </div>
  );
}

interface QueryStatesProps<T> {
  query: ListQuery<T>;
  /** What stands while the first answer loads (a skeleton the size of what comes). */
  loading: ReactNode;
  failed: LoadFailedLabels;
  /** Whether the answer has nothing to list; `empty` then stands instead of `children`. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The states around a query's list: loading, failed with a retry, nothing found, then the list itself.
 * Earlier results stay on screen while a new filter loads or if it fails (the query keeps its previous data).
 */
export function QueryStates<T>({ query, loading, failed, isEmpty, empty, children }: QueryStatesProps<T>) {
  if (query.data === undefined) {
    if (query.isError) return <LoadFailed {...failed} onRetry={() => void query.refetch()} />;
    return <>{loading}</>;
  }
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
