import type { TFaqList } from '@farha/contracts/support';
import type { ReactNode } from 'react';
import { QueryStates } from '@/components/query-states';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { FaqItem, type FaqApi, type FaqShare, type FaqTexts } from './faq';

/** The list's own words, from the page's bundle (the public help centre and the customer area word them apart). */
export interface FaqListLabels {
  /** The category chips' group (for screen readers), and the chip of every category. */
  categories: string;
  allCategories: string;
  loadError: string;
  retry: string;
  empty: string;
  emptyHint: string;
}

interface FaqListProps {
  /** The page's GET /api/faq query (only its state is read: no schema comes with it). */
  faq: { data: TFaqList | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  /** The chosen category ('' for all). */
  category: string;
  onCategory: (category: string) => void;
  api: FaqApi;
  texts: FaqTexts;
  labels: FaqListLabels;
  /** The entry to open on arrival (`?faq=<id>`, a shared link). */
  openId: string | null;
  share: FaqShare;
  /** Under the empty result: a way out (the customer area's "Ask us"). */
  emptyAction?: ReactNode;
}

/**
 * The knowledge base's answers: category chips with their counts, then the entries, with the states of the
 * list (loading, failed with a retry, nothing found). Earlier results stay while a new search loads.
 */
export function FaqList({ faq, category, onCategory, api, texts, labels, openId, share, emptyAction }: FaqListProps) {
  const categories = faq.data?.categories ?? [];
  return (
    <>
      {categories.length > 0 && (
        <div role="group" aria-label={labels.categories} className="flex flex-wrap gap-2" data-testid="faq-categories">
          {[{ category: '', count: categories.reduce((sum, c) => sum + c.count, 0) }, ...categories].map((c) => (
            <button
              key={c.category || 'all'}
              type="button"
              onClick={() => onCategory(c.category)}
              aria-pressed={category === c.category}
              className={cn(
                'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors',
                category === c.category ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card hover:bg-muted',
              )}
            >
              {c.category ? texts.category(c.category) : labels.allCategories}
              <span className="text-xs tabular-nums opacity-80">{c.count}</span>
            </button>
          ))}
        </div>
      )}
      <QueryStates
        query={faq}
        loading={
          <div className="grid gap-2" data-testid="faq-loading">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        }
        failed={{ title: labels.loadError, retry: labels.retry }}
        isEmpty={(data) => data.entries.length === 0}
        empty={
          <div
            className={cn('grid justify-items-center rounded-xl border border-dashed border-border p-8 text-center', emptyAction ? 'gap-3' : 'gap-2')}
            data-testid="help-empty"
          >
            <p className="font-medium">{labels.empty}</p>
            <p className="text-sm text-muted-foreground">{labels.emptyHint}</p>
            {emptyAction}
          </div>
        }
      >
        {(data) => (
          <ul className="grid gap-2" data-testid="faq-list">
            {data.entries.map((entry) => (
              <li key={entry.id}>
                <FaqItem entry={entry} api={api} texts={texts} initiallyOpen={entry.id === openId} share={share} />
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </>
  );
}
