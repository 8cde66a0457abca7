import type { TFaqEntry, ZFaqViewResponse, ZFaqVoteResponse } from '@farha/contracts/support';
import type { UseMutationResult } from '@tanstack/react-query';
import { ChevronDown, Eye, Link2, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';
import type { FaqKey, HelpCentreTexts } from './texts';

/** The FAQ calls (POST /api/faq/:id/view and /vote), with what each audience refreshes after a vote. */
export interface FaqApi {
  useView: () => UseMutationResult<z.infer<typeof ZFaqViewResponse>, Error, string>;
  useVote: () => UseMutationResult<z.infer<typeof ZFaqVoteResponse>, Error, { id: string; helpful: boolean }>;
}

export interface FaqTexts extends Pick<HelpCentreTexts, 'category' | 'message'> {
  t: (key: FaqKey, options?: Record<string, unknown>) => string;
}

/** A shared link to an entry (`?faq=<id>`), where the page opens it on arrival. */
export interface FaqShare {
  url: (id: string) => string;
  label: string;
  copied: string;
  failed: string;
}

interface FaqItemProps {
  entry: TFaqEntry;
  api: FaqApi;
  texts: FaqTexts;
  /** Open it on arrival and bring it into view (a shared link). */
  initiallyOpen?: boolean;
  share?: FaqShare;
  /** Typography for the entry's own text (the partner FAQ's French no-break spaces). */
  formatText?: (text: string) => string;
}

// Entries whose view was counted during this visit of the page (opening again does not count again).
const countedViews = new Set<string>();

/** One FAQ entry: the question opens its answer (a view is counted once), one helpfulness vote per user. */
export function FaqItem({ entry, api, texts, initiallyOpen = false, share, formatText = (text) => text }: FaqItemProps) {
  const { t } = texts;
  const [open, setOpen] = useState(false);
  const [views, setViews] = useState<number | null>(null);
  const view = api.useView();
  const vote = api.useVote();
  const [myVote, setMyVote] = useState<boolean | null>(entry.myVote);
  const [counts, setCounts] = useState<{ helpful: number; notHelpful: number } | null>(null);
  const ref = useRef<HTMLDetailsElement>(null);
  const panelId = `faq-${entry.id}`;

  const onOpened = () => {
    if (countedViews.has(entry.id)) return;
    countedViews.add(entry.id);
    view.mutate(entry.id, { onSuccess: (result) => setViews(result.views) });
  };

  // A shared link (?faq=<id>) opens its entry and brings it into view.
  const openedFromLink = useRef(false);
  useEffect(() => {
    if (!initiallyOpen || openedFromLink.current) return;
    openedFromLink.current = true;
    setOpen(true);
    onOpened();
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
          toast.success(texts.message(result.message));
        },
        onError: (error) => toast.error(texts.message(error)),
      },
    );
  };
  const onShare = async (link: FaqShare) => {
    try {
      await copyText(link.url(entry.id));
      toast.success(link.copied);
    } catch {
      toast.error(link.failed);
    }
  };

  const helpful = counts?.helpful ?? entry.helpful;
  const shownViews = views ?? entry.views;

  return (
    <details
      ref={ref}
      open={open}
      onToggle={(event) => {
        const nowOpen = event.currentTarget.open;
        if (nowOpen !== open) setOpen(nowOpen);
        if (nowOpen) onOpened();
      }}
      className="group rounded-xl border border-border bg-card open:shadow-sm"
      data-testid="faq-item"
    >
      <summary
        aria-controls={panelId}
        className="flex min-h-12 w-full cursor-pointer list-none items-start gap-3 rounded-xl p-4 text-start font-semibold transition-colors hover:bg-muted/50 [&::-webkit-details-marker]:hidden"
      >
        <h3 className="flex-1 text-pretty">
          <bdi>{formatText(entry.question)}</bdi>
        </h3>
        <ChevronDown aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" />
      </summary>
      <div id={panelId} className="space-y-4 border-t border-border px-4 pb-4 pt-3">
        {/* The entries are written in French: `dir="auto"` keeps their punctuation in place in the Arabic interface. */}
        <p dir="auto" className="whitespace-pre-line text-sm leading-relaxed text-pretty">
          {formatText(entry.answer)}
        </p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span className="rounded-full bg-muted px-2 py-0.5 font-medium">{texts.category(entry.category)}</span>
          <span className="inline-flex items-center gap-1" data-testid="faq-views">
            <Eye aria-hidden className="size-3.5" />
            {t('faq.views', { count: shownViews })}
          </span>
          {helpful > 0 && <span>{t('faq.helpfulCount', { count: helpful })}</span>}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium">{myVote === null ? t('faq.wasHelpful') : t('faq.thanks')}</span>
          <Button
            size="sm"
            variant={myVote === true ? 'default' : 'outline'}
            aria-pressed={myVote === true}
            onClick={() => onVote(true)}
            data-testid="faq-helpful-yes"
          >
            <ThumbsUp aria-hidden />
            {t('faq.yes')}
          </Button>
          <Button
            size="sm"
            variant={myVote === false ? 'default' : 'outline'}
            aria-pressed={myVote === false}
            onClick={() => onVote(false)}
            data-testid="faq-helpful-no"
          >
            <ThumbsDown aria-hidden />
            {t('faq.no')}
          </Button>
          {share && (
            <Button size="sm" variant="ghost" onClick={() => void onShare(share)} className="ms-auto">
              <Link2 aria-hidden />
              {share.label}
            </Button>
          )}
        </div>
      </div>
    </details>
  );
}
