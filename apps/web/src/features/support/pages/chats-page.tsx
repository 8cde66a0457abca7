import type { TDeskChatRow } from '@farha/contracts/chat';
import { BellRing, Clock, MessagesSquare } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';
import { formatRecentDateTime } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { setChatSound, useAcceptChat, useChatDeskSummary, useChatSound, useDeskChats, useSetAvailability } from '../api/chats';
import { formatWait, waitedSeconds } from '../chat-wait';
import { DeskChatConversation } from '../components/chat-conversation';
import { deskChatMessage, useDeskChatTranslation } from '../i18n-chat';

/**
 * /support/chats (issue 36, docs/product/live-chat.md): the adviser's availability and sound, the waiting
 * queue with each wait ticking, « Accepter », the adviser's chats and the open conversation beside them.
 * Everything refreshes from the stream held by the desk's layout.
 */
export function SupportChatsPage() {
  const { t } = useDeskChatTranslation();
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const openId = params.get('chat');
  const open = (id: string | null) => setParams(id ? { chat: id } : {}, { replace: false });

  return (
    <div className="space-y-6">
      <PageHeader title={t('title')} description={t('description')} />
      <AvailabilityBar />
      <div className="grid gap-4 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className={cn('min-w-0 space-y-4', openId && 'hidden lg:block')}>
          <WaitingList onOpen={open} openId={openId} />
          <MineList onOpen={open} openId={openId} />
          <EndedList onOpen={open} openId={openId} />
        </div>
        <div className={cn('min-w-0', !openId && 'hidden lg:block')}>
          {openId ? (
            <DeskChatConversation chatId={openId} onBack={() => open(null)} />
          ) : (
            <div className="flex h-full min-h-64 flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-border p-8 text-center text-sm text-muted-foreground">
              <MessagesSquare aria-hidden className="size-8" />
              {t('choose')}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

function AvailabilityBar() {
  const { t } = useDeskChatTranslation();
  const summary = useChatDeskSummary();
  const setAvailability = useSetAvailability();
  const sound = useChatSound();
  const available = summary.data?.available ?? false;
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <Switch
          id="chat-available"
          checked={available}
          disabled={summary.isLoading || setAvailability.isPending}
          onCheckedChange={(next) => setAvailability.mutate(next, { onError: (e) => toast.error(deskChatMessage(e)) })}
          tone="success"
          data-testid="chat-available"
        />
        <div className="min-w-0">
          <label htmlFor="chat-available" className="font-semibold">
            {t('available')}
          </label>
          <p className="text-sm text-muted-foreground">{available ? t('availableHint') : t('unavailable')}</p>
        </div>
      </div>
      <div className="flex items-center gap-3">
        <Switch id="chat-sound" checked={sound} onCheckedChange={setChatSound} data-testid="chat-sound" />
        <label htmlFor="chat-sound" className="flex items-center gap-1.5 text-sm">
          <BellRing aria-hidden className="size-4 text-muted-foreground" />
          {t('sound')}
        </label>
      </div>
    </div>
  );
}

/** Seconds since mount, ticking every second while `on` (the waits of the queue). */
function useNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

function Section({ title, count, children, testId }: { title: string; count?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <section className="rounded-xl border border-border bg-card" data-testid={testId}>
      <h2 className="flex items-center justify-between gap-2 border-b border-border px-4 py-3 font-semibold">
        {title}
        {count !== undefined && <span className="text-sm font-medium text-muted-foreground tabular-nums">{count}</span>}
      </h2>
      {children}
    </section>
  );
}

function ListState({ query, empty }: { query: ReturnType<typeof useDeskChats>; empty: string }) {
  const { t } = useDeskChatTranslation();
  if (query.isLoading) return <Skeleton className="m-4 h-16" />;
  if (query.isError && !query.data)
    return (
      <div className="space-y-2 p-4 text-sm">
        <p className="text-destructive">{t('loadError')}</p>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  if (query.data?.chats.length === 0) return <p className="p-4 text-sm text-muted-foreground">{empty}</p>;
  return null;
}

function Preview({ row }: { row: TDeskChatRow }) {
  if (!row.lastMessage) return null;
  return (
    <p dir="auto" className="truncate text-sm text-muted-foreground">
      {row.lastMessage.body}
    </p>
  );
}

function WaitingList({ onOpen, openId }: { onOpen: (id: string) => void; openId: string | null }) {
  const { t } = useDeskChatTranslation();
  const query = useDeskChats('waiting');
  const accept = useAcceptChat();
  const rows = query.data?.chats ?? [];
  const now = useNow(rows.length > 0);
  const readAt = query.dataUpdatedAt;
  return (
    <Section title={t('waiting')} count={rows.length} testId="chat-waiting-list">
      <ListState query={query} empty={t('waitingEmpty')} />
      <ul className="divide-y divide-border">
        {rows.map((row) => (
          <li key={row.id} className={cn('space-y-2 p-4', openId === row.id && 'bg-muted/50')} data-testid="chat-waiting-row">
            <div className="flex items-start justify-between gap-2">
              <button type="button" className="min-w-0 text-start" onClick={() => onOpen(row.id)}>
                <span className="block truncate font-semibold">{row.requesterName}</span>
                <Badge variant="muted">{t(`audience.${row.audience}`)}</Badge>
              </button>
              <span className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold tabular-nums text-amber-700 dark:text-amber-300" data-testid="chat-wait">
                <Clock aria-hidden className="size-4" />
                <span className="sr-only">{t('waitedFor', { time: '' })}</span>
                {formatWait(waitedSeconds(row.waitSeconds, readAt, now), t)}
              </span>
            </div>
            <Preview row={row} />
            <Button
              size="sm"
              className="w-full"
              loading={accept.isPending && accept.variables === row.id}
              onClick={() =>
                accept.mutate(row.id, {
                  onSuccess: (detail) => {
                    if (detail.message) toast.success(deskChatMessage(detail.message));
                    onOpen(row.id);
                  },
                  onError: (e) => toast.error(deskChatMessage(e)),
                })
              }
              data-testid="chat-accept"
            >
              {t('accept')}
            </Button>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function MineList({ onOpen, openId }: { onOpen: (id: string) => void; openId: string | null }) {
  const { t, locale } = useDeskChatTranslation();
  const query = useDeskChats('mine');
  const summary = useChatDeskSummary();
  const rows = query.data?.chats ?? [];
  return (
    <Section title={t('mine')} count={summary.data ? t('mineCount', { count: rows.length, max: summary.data.maxPerAgent }) : rows.length} testId="chat-mine-list">
      <ListState query={query} empty={t('mineEmpty')} />
      <ul className="divide-y divide-border">
        {rows.map((row) => (
          <li key={row.id}>
            <button
              type="button"
              onClick={() => onOpen(row.id)}
              className={cn('block w-full space-y-1 p-4 text-start hover:bg-muted/50', openId === row.id && 'bg-muted/50')}
              data-testid="chat-mine-row"
            >
              <span className="flex items-center justify-between gap-2">
                <span className="truncate font-semibold">{row.requesterName}</span>
                {row.unread > 0 ? (
                  <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-bold text-primary-foreground tabular-nums">
                    <span aria-hidden>{row.unread}</span>
                    <span className="sr-only">{t('unread', { count: row.unread })}</span>
                  </span>
                ) : (
                  row.lastMessage && <span className="shrink-0 text-xs text-muted-foreground">{formatRecentDateTime(row.lastMessage.at, locale)}</span>
                )}
              </span>
              <Badge variant="muted">{t(`audience.${row.audience}`)}</Badge>
              <Preview row={row} />
            </button>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function EndedList({ onOpen, openId }: { onOpen: (id: string) => void; openId: string | null }) {
  const { t, locale } = useDeskChatTranslation();
  const query = useDeskChats('ended');
  const rows = (query.data?.chats ?? []).slice(0, 10);
  return (
    <Section title={t('ended')} testId="chat-ended-list">
      <ListState query={query} empty={t('endedEmpty')} />
      <ul className="divide-y divide-border">
        {rows.map((row) => (
          <li key={row.id}>
            <button
              type="button"
              onClick={() => onOpen(row.id)}
              className={cn('flex w-full items-center justify-between gap-2 px-4 py-3 text-start text-sm hover:bg-muted/50', openId === row.id && 'bg-muted/50')}
            >
              <span className="min-w-0">
                <span className="block truncate font-medium">{row.requesterName}</span>
                <span className="text-xs text-muted-foreground">
                  {t(`status.${row.status}`)}
                  {row.agent ? ` · ${row.agent.name}` : ''}
                </span>
              </span>
              <span className="shrink-0 text-xs text-muted-foreground">{formatRecentDateTime(row.endedAt ?? row.queuedAt, locale)}</span>
            </button>
          </li>
        ))}
      </ul>
    </Section>
  );
}
