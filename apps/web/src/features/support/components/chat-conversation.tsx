import type { TChatMessage, TDeskChatDetail } from '@farha/contracts/chat';
import { ArrowLeft, Ticket } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChatComposer } from '@/components/domain/chat-composer';
import { ChatThread } from '@/components/domain/chat-thread';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { api } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useChatTyping } from '@/lib/chat-typing';
import { toast } from '@/lib/toast';
import { useCanned } from '../api/desk';
import {
  chatDeskKeys,
  deskTypingPath,
  fetchOlderDeskMessages,
  markDeskChatRead,
  useAcceptChat,
  useChatAgents,
  useDeskChat,
  useEndDeskChat,
  useSendDeskMessage,
  useTransferChat,
} from '../api/chats';
import { deskChatMessage, useDeskChatTranslation } from '../i18n-chat';
import { ContextPanel } from './ticket-detail-dialog';
import { NativeSelect } from './controls';


/**
 * One chat on the desk (issue 36): the conversation with the canned answers, accept, transfer and end,
 * and the person's context beside it as a ticket's detail shows it.
 */
export function DeskChatConversation({ chatId, onBack }: { chatId: string; onBack: () => void }) {
  const { t } = useDeskChatTranslation();
  const query = useDeskChat(chatId);
  const detail = query.data;
  return (
    <div className="grid min-w-0 gap-4 2xl:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="flex h-[calc(100dvh-6rem)] max-h-[48rem] min-h-[26rem] min-w-0 flex-col overflow-hidden rounded-xl border border-border bg-card" data-testid="desk-chat">
        <div className="flex items-center gap-2 border-b border-border p-2 lg:hidden">
          <Button variant="ghost" size="sm" onClick={onBack}>
            <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
            {t('back')}
          </Button>
        </div>
        {query.isLoading ? (
          <div className="flex flex-1 items-center justify-center">
            <Spinner />
          </div>
        ) : !detail ? (
          <div className="space-y-2 p-4 text-sm">
            <p className="text-destructive">{query.error ? deskChatMessage(query.error) : t('loadError')}</p>
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : (
          <Conversation detail={detail} />
        )}
      </div>
      {detail && <RequesterAside detail={detail} />}
    </div>
  );
}

function Conversation({ detail }: { detail: TDeskChatDetail }) {
  const { t, locale } = useDeskChatTranslation();
  const { user } = useAuth();
  const { chat, requester } = detail;
  const mine = chat.status === 'active' && chat.agent?.id === user?.id;
  const send = useSendDeskMessage(chat.id);
  const accept = useAcceptChat();
  const end = useEndDeskChat();
  const canned = useCanned();
  const [insert, setInsert] = useState<{ text: string; n: number } | null>(null);
  const typingAt = useRef(0);
  const requesterTyping = useChatTyping(mine ? chat.id : null, 'requester');
  const [older, setOlder] = useState<{ messages: TChatMessage[]; hasMore: boolean } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const messages = older ? [...older.messages, ...chat.messages.filter((m) => !older.messages.some((o) => o.id === m.id))] : chat.messages;
  useMarkRead(detail, mine);

  const onTyping = () => {
    const now = Date.now();
    if (now - typingAt.current < 2500) return;
    typingAt.current = now;
    api.post(deskTypingPath(chat.id), {}).catch(() => undefined);
  };
  const loadOlder = () => {
    const first = messages[0];
    if (!first) return;
    setLoadingOlder(true);
    fetchOlderDeskMessages(chat.id, first.id)
      .then((page) => setOlder((o) => ({ messages: [...page.messages, ...(o?.messages ?? [])], hasMore: page.hasMore })))
      .catch((e: unknown) => toast.error(deskChatMessage(e)))
      .finally(() => setLoadingOlder(false));
  };

  return (
    <>
      <header className="flex flex-wrap items-center gap-2 border-b border-border p-3">
        <div className="min-w-[min(100%,14rem)] flex-1">
          <h2 className="truncate font-semibold" data-testid="desk-chat-name">
            {requester.name}
          </h2>
          <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-muted-foreground">
            <Badge variant="muted">{t(`audience.${chat.audience}`)}</Badge>
            <span data-testid="desk-chat-status">{t(`status.${chat.status}`)}</span>
            {chat.agent && <span>· {t('with', { name: chat.agent.name })}</span>}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {chat.status === 'waiting' && (
            <Button
              size="sm"
              loading={accept.isPending}
              onClick={() => accept.mutate(chat.id, { onError: (e) => toast.error(deskChatMessage(e)) })}
              data-testid="desk-chat-accept"
            >
              {t('accept')}
            </Button>
          )}
          {mine && <TransferSelect chatId={chat.id} />}
          {mine && (
            <Button
              size="sm"
              variant="outline"
              loading={end.isPending}
              onClick={() => end.mutate(chat.id, { onError: (e) => toast.error(deskChatMessage(e)) })}
              data-testid="desk-chat-end"
            >
              {t('end')}
            </Button>
          )}
        </div>
      </header>
      <ChatThread
        messages={messages}
        ownSide="agent"
        otherReadAt={chat.requesterReadAt}
        locale={locale}
        labels={{ read: t('read'), older: t('older'), conversation: t('title') }}
        typing={requesterTyping ? t('typing', { name: requester.name }) : null}
        hasOlder={older ? older.hasMore : chat.hasOlder}
        onOlder={loadOlder}
        loadingOlder={loadingOlder}
      />
      {mine ? (
        <ChatComposer
          onSend={(body, files) =>
            send.mutateAsync({ body, files }).catch((e: unknown) => {
              toast.error(deskChatMessage(e));
              throw e;
            })
          }
          onTyping={onTyping}
          sending={send.isPending}
          insert={insert}
          labels={{
            message: t('composer'),
            send: t('send'),
            picture: t('picture'),
            removePicture: (name) => t('removePicture', { name }),
            pictureType: (name) => t('pictureType', { name }),
            pictureSize: (name) => t('pictureSize', { name }),
          }}
          tools={
            (canned.data?.responses.length ?? 0) > 0 && (
              <NativeSelect
                aria-label={t('canned')}
                title={t('canned')}
                value=""
                className="w-10 shrink-0 sm:w-40 [&_select]:pe-6 [&_select]:text-transparent sm:[&_select]:text-foreground"
                onChange={(e) => {
                  const found = canned.data?.responses.find((r) => r.id === e.target.value);
                  if (found) setInsert((current) => ({ text: found.body, n: (current?.n ?? 0) + 1 }));
                }}
                data-testid="desk-chat-canned"
              >
                <option value="">{t('cannedNone')}</option>
                {canned.data?.responses.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.title}
                  </option>
                ))}
              </NativeSelect>
            )
          }
        />
      ) : (
        <p className="border-t border-border p-3 text-sm text-muted-foreground">
          {chat.status === 'waiting' ? t('acceptHint') : chat.status === 'active' ? t('with', { name: chat.agent?.name ?? '' }) : t('closedHint')}
        </p>
      )}
    </>
  );
}

/** The requester's messages are marked read while the adviser has the chat open on a visible page. */
function useMarkRead({ chat }: TDeskChatDetail, mine: boolean) {
  const queryClient = useQueryClient();
  const marked = useRef<string | null>(null);
  const last = [...chat.messages].reverse().find((m) => m.side === 'requester');
  const unread = last !== undefined && (chat.agentReadAt === null || Date.parse(last.at) > Date.parse(chat.agentReadAt));
  const target = mine && unread ? last.id : null;
  useEffect(() => {
    if (!target) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || marked.current === target) return;
      marked.current = target;
      markDeskChatRead(chat.id).then(
        () => void queryClient.invalidateQueries({ queryKey: chatDeskKeys.list('mine') }),
        () => {
          marked.current = null;
        },
      );
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [target, chat.id, queryClient]);
}

function TransferSelect({ chatId }: { chatId: string }) {
  const { t } = useDeskChatTranslation();
  const { user } = useAuth();
  const [asked, setAsked] = useState(false);
  const agents = useChatAgents(asked);
  const transfer = useTransferChat();
  const max = agents.data?.maxPerAgent ?? 0;
  const others = (agents.data?.agents ?? []).filter((a) => a.id !== user?.id && a.present);
  return (
    <NativeSelect
      aria-label={t('transfer')}
      value=""
      className="w-40"
      onFocus={() => setAsked(true)}
      onPointerDown={() => setAsked(true)}
      disabled={transfer.isPending}
      onChange={(e) =>
        e.target.value &&
        transfer.mutate(
          { id: chatId, agentId: e.target.value },
          { onSuccess: (d) => d.message && toast.success(deskChatMessage(d.message)), onError: (error) => toast.error(deskChatMessage(error)) },
        )
      }
      data-testid="desk-chat-transfer"
    >
      <option value="">{t('transfer')}</option>
      {agents.data && others.length === 0 && (
        <option value="" disabled>
          {t('transferNobody')}
        </option>
      )}
      {others.map((a) => (
        <option key={a.id} value={a.id} disabled={a.active >= max}>
          {t('agentLoad', { name: a.name, active: a.active, max })}
        </option>
      ))}
    </NativeSelect>
  );
}

function RequesterAside({ detail }: { detail: TDeskChatDetail }) {
  const { t } = useDeskChatTranslation();
  const { requester, chat } = detail;
  return (
    <div className="min-w-0 space-y-3">
      <div className="space-y-1 rounded-lg bg-muted/40 p-3 text-sm">
        <p className="font-semibold">{requester.name}</p>
        <p>
          <bdi dir="ltr">{requester.email}</bdi>
        </p>
        {requester.partnerName && <p>{requester.partnerName}</p>}
        <Link to={`${paths.supportPortal.tickets}?${new URLSearchParams({ ticket: chat.id, status: 'all' })}`} className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
          <Ticket aria-hidden className="size-4" />
          {t('ticket')}
        </Link>
      </div>
      {requester.kind === 'visitor' ? <p className="rounded-lg bg-muted/40 p-3 text-sm text-muted-foreground">{t('visitorNoContext')}</p> : <ContextPanel context={detail.context} />}
    </div>
  );
}
