import type { TFaqEntry } from '@farha/contracts/support';
import { ChevronDown, Eye, Link2, Search, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useFaq, useFaqView, useFaqVote } from '../api/support';
import { customerMessage, useCustomerT, type CustomerKey } from '../i18n';
import { copyText } from '@/lib/clipboard';

export function useFaqCategoryLabel() {
  const { t } = useCustomerT();
  return (category: string) => {
    const key = `support.faqCategories.${category}` as CustomerKey;
    const label = t(key);
    return label === key ? category.charAt(0).toUpperCase() + category.slice(1) : label;
  };
}

interface FaqTabProps {
  /** Entry to open on arrival (`?faq=<id>`, a shared link). */
  initialOpenId: string | null;
  onAskUs: () => void;
}

/** FAQ and guides: entries from the API, views counted on opening, one helpfulness vote per user. */
export function FaqTab({ initialOpenId, onAskUs }: FaqTabProps) {
  const { t } = useCustomerT();
  const categoryLabel = useFaqCategoryLabel();
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
              <FaqItem entry={entry} initiallyOpen={entry.id === initialOpenId} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

// Entries whose view was counted during this visit of the page (opening again does not count again).
const countedViews = new Set<string>();

function FaqItem({ entry, initiallyOpen }: { entry: TFaqEntry; initiallyOpen: boolean }) {
  const { t } = useCustomerT();
  const categoryLabel = useFaqCategoryLabel();
  const [open, setOpen] = useState(false);
  const [views, setViews] = useState<number | null>(null);
  const view = useFaqView();
  const vote = useFaqVote();
  const [myVote, setMyVote] = useState<boolean | null>(entry.myVote);
  const [counts, setCounts] = useState<{ helpful: number; notHelpful: number } | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const panelId = `faq-${entry.id}`;

  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next && !countedViews.has(entry.id)) {
      countedViews.add(entry.id);
      view.mutate(entry.id, { onSuccess: (result) => setViews(result.views) });
    }
  };

  // A shared link (?faq=<id>) opens its entry and brings it into view.
  const openedFromLink = useRef(false);
  useEffect(() => {
    if (!initiallyOpen || openedFromLink.current) return;
    openedFromLink.current = true;
    toggle();
    ref.current?.scrollIntoView({ block: 'center' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, [initiallyOpen]);

  const onVote = (helpful: boolean) => {
    if (myVote === helpful || vote.isPending) return;
    vote.mutate(
      { id: entry.id, helpful },
      {
        onSuccess: (result) => {
          setMyVote(result.myVote);
          setCounts({ helpful: result.helpful, notHelpful: result.notHelpful });
          toast.success(customerMessage(result.message));
        },
        onError: (error) => toast.error(customerMessage(error)),
      },
    );
  };
  const onShare = async () => {
    const url = `${window.location.origin}${window.location.pathname}?${new URLSearchParams({ tab: 'faq', faq: entry.id })}`;
    try {
      await copyText(url);
      toast.success(t('support.faq.linkCopied'));
    } catch {
      toast.error(t('common.copyFailed'));
    }
  };

  const helpful = counts?.helpful ?? entry.helpful;
  const shownViews = views ?? entry.views;

  return (
    <div ref={ref} className={cn('rounded-xl border border-border bg-card', open && 'shadow-sm')} data-testid="faq-item">
      <h3>
        <button
          type="button"
          onClick={toggle}
          aria-expanded={open}
          aria-controls={panelId}
          className="flex w-full items-start gap-3 p-4 text-start font-semibold transition-colors hover:bg-muted/50"
        >
          <span className="flex-1 text-pretty">
            <bdi>{entry.question}</bdi>
          </span>
          <ChevronDown aria-hidden className={cn('mt-0.5 size-5 shrink-0 text-muted-foreground transition-transform', open && 'rotate-180')} />
        </button>
      </h3>
      {open && (
        <div id={panelId} className="space-y-4 border-t border-border px-4 pb-4 pt-3">
          {/* The entries are written in French: `dir="auto"` keeps their punctuation in place in the Arabic interface. */}
          <p dir="auto" className="whitespace-pre-line text-sm leading-relaxed text-pretty">
            {entry.answer}
          </p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <span className="rounded-full bg-muted px-2 py-0.5 font-medium">{categoryLabel(entry.category)}</span>
            <span className="inline-flex items-center gap-1" data-testid="faq-views">
              <Eye aria-hidden className="size-3.5" />
              {t('support.faq.views', { count: shownViews })}
            </span>
            {helpful > 0 && <span>{t('support.faq.helpfulCount', { count: helpful })}</span>}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-medium">{myVote === null ? t('support.faq.wasHelpful') : t('support.faq.thanks')}</span>
            <Button
              size="sm"
              variant={myVote === true ? 'default' : 'outline'}
              aria-pressed={myVote === true}
              onClick={() => onVote(true)}
              data-testid="faq-helpful-yes"
            >
              <ThumbsUp aria-hidden />
              {t('support.faq.yes')}
            </Button>
            <Button
              size="sm"
              variant={myVote === false ? 'default' : 'outline'}
              aria-pressed={myVote === false}
              onClick={() => onVote(false)}
              data-testid="faq-helpful-no"
            >
              <ThumbsDown aria-hidden />
              {t('support.faq.no')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void onShare()} className="ms-auto">
              <Link2 aria-hidden />
              {t('support.faq.share')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
