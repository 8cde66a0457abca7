import { Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useFaqView } from '@/components/help-centre/faq-api';
import { FaqItem, type FaqApi, type FaqTexts } from '@/components/help-centre/faq';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useFaq, useFaqVote } from '../api/support';
import { customerMessage, useCustomerT, type CustomerKey } from '../i18n';

export function useFaqCategoryLabel() {
  const { t } = useCustomerT();
  return (category: string) => {
    const key = `support.faqCategories.${category}` as CustomerKey;
    const label = t(key);
    return label === key ? category.charAt(0).toUpperCase() + category.slice(1) : label;
  };
}

const CUSTOMER_FAQ: FaqApi = { useView: useFaqView, useVote: useFaqVote };

interface FaqTabProps {
  /** Entry to open on arrival (`?faq=<id>`, a shared link). */
  initialOpenId: string | null;
  onAskUs: () => void;
}

/** FAQ and guides: entries from the API, views counted on opening, one helpfulness vote per user. */
export function FaqTab({ initialOpenId, onAskUs }: FaqTabProps) {
  const { t } = useCustomerT();
  const categoryLabel = useFaqCategoryLabel();
  const faqTexts: FaqTexts = { t: (key, options) => t(`support.${key}`, options), category: categoryLabel, message: customerMessage };
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query.trim());
  const [category, setCategory] = useState('');
  const faq = useFaq(deferredQuery, category);

  return (
    <div className="grid gap-4" data-testid="faq-tab">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
        <div className="relative">
          <label htmlFor="faq-search" className="sr-only">
            {t('support.faq.searchLabel')}
          </label>
          <Search aria-hidden className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id="faq-search"
            type="search"
            name="faqSearch"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('support.faq.searchPlaceholder')}
            className="ps-9"
          />
        </div>
      </div>
      {faq.data && faq.data.categories.length > 0 && (
        <div role="group" aria-label={t('support.faq.category')} className="flex flex-wrap gap-2" data-testid="faq-categories">
          {[{ category: '', count: faq.data.categories.reduce((sum, c) => sum + c.count, 0) }, ...faq.data.categories].map((c) => (
            <button
              key={c.category || 'all'}
              type="button"
              onClick={() => setCategory(c.category)}
              aria-pressed={category === c.category}
              className={cn(
                'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors',
                category === c.category ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card hover:bg-muted',
              )}
            >
              {c.category ? categoryLabel(c.category) : t('support.faq.allCategories')}
              <span className="text-xs opacity-80 tabular-nums">{c.count}</span>
            </button>
          ))}
        </div>
      )}

      {faq.isPending ? (
        <div className="grid gap-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : faq.isError && !faq.data ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-3">
            {t('support.faq.loadError')}
            <Button size="sm" variant="outline" onClick={() => void faq.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      ) : faq.data.entries.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-border p-8 text-center">
          <p className="font-medium">{t('support.faq.empty')}</p>
          <p className="text-sm text-muted-foreground">{t('support.faq.emptyHint')}</p>
          <Button onClick={onAskUs}>{t('support.faq.askUs')}</Button>
        </div>
      ) : (
        <ul className="grid gap-2" data-testid="faq-list">
          {faq.data.entries.map((entry) => (
            <li key={entry.id}>
              <FaqItem
                entry={entry}
                api={CUSTOMER_FAQ}
                texts={faqTexts}
                initiallyOpen={entry.id === initialOpenId}
                share={{
                  url: (id) => `${window.location.origin}${window.location.pathname}?${new URLSearchParams({ tab: 'faq', faq: id })}`,
                  label: t('support.faq.share'),
                  copied: t('support.faq.linkCopied'),
                  failed: t('common.copyFailed'),
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
