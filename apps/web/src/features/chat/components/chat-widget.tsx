import { isPartnerRole } from '@farha/contracts/plain/roles';
import type { TChatMessage, TChatView } from '@farha/contracts/chat';
import { Headset, MessagesSquare, Minus, Star } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ChatComposer } from '@/components/domain/chat-composer';
import { ChatThread } from '@/components/domain/chat-thread';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useChatTyping } from '@/lib/chat-typing';
import { cn } from '@/lib/cn';
import { closeLiveChat, liveChatToResume, mayStartLiveChat, openLiveChat, rememberLiveChat, useLiveChatPanel } from '@/lib/live-chat';
import { toast } from '@/lib/toast';
import {
  fetchOlderMessages,
  markChatRead,
  useChat,
  useChatAvailability,
  useChatTranscript,
  useCurrentChat,
  useEndChat,
  useRateChat,
  useSendChatMessage,
  useStartChat,
  useTypingNotifier,
} from '../api';
import { chatMessage, useChatTranslation } from '../i18n';

const underWay = (chat: TChatView | undefined) => chat?.status === 'waiting' || chat?.status === 'active';
const toRate = (chat: TChatView) => chat.status === 'ended' && chat.rating === null;

/**
 * The requester's live chat (issue 36, docs/product/live-chat.md): a panel at the page's corner (the whole
 * screen on a phone), opened by « Discuter avec un conseiller », and a bubble while a chat goes on with the
 * panel minimised. Mounted once by the app shell; a chat under way is found again after a reload.
 */
export function ChatWidget() {
  const { open } = useLiveChatPanel();
  const { user, status } = useAuth();
  const [resume] = useState(liveChatToResume);
  const allowed = status !== 'loading' && mayStartLiveChat(user?.role);
  const current = useCurrentChat(allowed && (open || resume !== null));
  const [chatId, setChatId] = useState<string | null>(null);
  // The chats the person left (« Nouvelle discussion », or the panel closed on an ended one): never shown again.
  const dismissed = useRef(new Set<string>());
  const chat = useChat(chatId);

  // A chat under way (this tab's or found after a reload) is shown, and an ended one still to rate after a
  // reload; the panel reopens as it was left.
  const found = current.data?.chat;
  useEffect(() => {
    if (!current.isSuccess || chatId !== null) return;
    const adopt = found && !dismissed.current.has(found.id) && (underWay(found) || (resume !== null && toRate(found)));
    if (adopt) {
      setChatId(found.id);
      if (resume === 'open') openLiveChat();
    } else rememberLiveChat(null);
  }, [current.isSuccess, found, chatId, resume]);

  const shown = chat.data;
  useEffect(() => {
    if (!shown) return;
    rememberLiveChat(underWay(shown) || toRate(shown) ? (open ? 'open' : 'minimised') : null);
  }, [shown, open]);
  const leave = () => {
    if (chatId) dismissed.current.add(chatId);
    setChatId(null);
  };

  if (!allowed) return null;
  // Minimised: the bubble while the chat goes on, and once it ended until it is rated or left.
  if (!open) return shown && (underWay(shown) || toRate(shown)) && !dismissed.current.has(shown.id) ? <ChatBubble chat={shown} /> : null;
  return (
    <ChatPanel
      chat={shown ?? null}
      loading={(current.isLoading && chatId === null) || (chatId !== null && chat.isLoading)}
      onStarted={(id) => setChatId(id)}
      onNew={leave}
      onClose={() => {
        closeLiveChat();
        if (shown && !underWay(shown)) leave();
      }}
    />
  );
}

function ChatBubble({ chat }: { chat: TChatView }) {
  const { t } = useChatTranslation();
  const last = chat.messages.at(-1);
  const unread = last !== undefined && last.side === 'agent' && (chat.requesterReadAt === null || Date.parse(last.at) > Date.parse(chat.requesterReadAt));
  return (
    <button
      type="button"
      onClick={openLiveChat}
      className="fixed bottom-4 end-4 z-40 inline-flex h-12 items-center gap-2 rounded-full bg-primary px-5 font-semibold text-primary-foreground shadow-lg hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      data-testid="chat-bubble"
    >
      <MessagesSquare aria-hidden className="size-5" />
      {underWay(chat) ? t('reopen') : t('reopenToRate')}
      {unread && (
        <span className="size-2.5 rounded-full bg-accent ring-2 ring-primary-foreground">
          <span className="sr-only">{t('unread')}</span>
        </span>
      )}
    </button>
  );
}

interface ChatPanelProps {
  chat: TChatView | null;
  loading: boolean;
  onStarted: (id: string) => void;
  onNew: () => void;
  onClose: () => void;
}

function ChatPanel({ chat, loading, onStarted, onNew, onClose }: ChatPanelProps) {
  const { t } = useChatTranslation();
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const end = useEndChat(chat?.id ?? '');
  // Opened, the panel takes the focus (keyboard and screen reader users land in it).
  useEffect(() => panel.current?.focus(), []);
  const subtitle = !chat
    ? null
    : chat.status === 'waiting'
      ? t('waiting')
      : chat.status === 'active'
        ? t('with', { name: chat.agent?.name ?? t('adviser') })
        : chat.status === 'ended'
          ? t('ended')
          : null;

  return (
    <section
      ref={panel}
      tabIndex={-1}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      // Escape inside the panel minimises it (the chat goes on); another dialog's Escape stays that dialog's.
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      className="fixed inset-0 z-50 flex flex-col bg-background outline-none sm:inset-auto sm:bottom-4 sm:end-4 sm:h-[min(40rem,calc(100dvh-2rem))] sm:w-[24rem] sm:overflow-hidden sm:rounded-2xl sm:border sm:border-border sm:shadow-2xl"
      data-testid="chat-panel"
    >
      <header className="flex items-center gap-2 bg-primary px-3 py-2.5 text-primary-foreground">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-foreground/15">
          <Headset aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-sm font-semibold">
            {t('title')}
          </h2>
          {subtitle && (
            <p className="truncate text-xs opacity-90" data-testid="chat-status">
              {subtitle}
            </p>
          )}
        </div>
        {chat && underWay(chat) && (
          <Button
            type="button"
            size="sm"
            variant="secondary"
            onClick={() => end.mutate(undefined, { onError: (e) => toast.error(chatMessage(e)) })}
            loading={end.isPending}
            data-testid="chat-end"
          >
            {t('end')}
          </Button>
        )}
        <Button
          type="button"
          size="icon"
          variant="ghost"
          className="text-primary-foreground hover:bg-primary-foreground/15 hover:text-primary-foreground"
          aria-label={t('minimise')}
          title={t('minimise')}
          onClick={onClose}
          data-testid="chat-minimise"
        >
          <Minus aria-hidden className="size-5" />
        </Button>
      </header>
      {loading ? (
        <div className="flex flex-1 items-center justify-center">
          <Spinner />
        </div>
      ) : chat ? (
        <ChatConversation chat={chat} onNew={onNew} />
      ) : (
        <StartForm onStarted={onStarted} />
      )}
    </section>
  );
}

/** The first message (a visitor's name and e-mail too); out of hours, or with nobody present, it becomes a ticket. */
function StartForm({ onStarted }: { onStarted: (id: string) => void }) {
  const { t, locale } = useChatTranslation();
  const { user } = useAuth();
  const availability = useChatAvailability(true);
  const start = useStartChat();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const a = availability.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) return;
    start.mutate(
      { message: message.trim(), locale, ...(user ? {} : { name: name.trim(), email: email.trim() }) },
      {
        onSuccess: (answer) => onStarted(answer.chat.id),
        onError: (e) => {
          // A chat already open (another tab): that one is shown.
          const open = e instanceof ApiError && e.code === 'CHAT_ALREADY_OPEN' ? e.params?.chatId : undefined;
          if (typeof open === 'string') onStarted(open);
          else toast.error(chatMessage(e));
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-4" data-testid="chat-start">
      <p className="text-sm">{t('start.intro')}</p>
      {a && (
        <p
          className={cn('rounded-lg px-3 py-2 text-sm', a.open ? 'bg-muted text-muted-foreground' : 'bg-amber-50 text-amber-900 dark:bg-amber-950/50 dark:text-amber-100')}
          data-testid="chat-availability"
        >
          {a.open
            ? t('start.hours', { from: a.hours.from, to: a.hours.to })
            : a.reason === 'hours'
              ? t('start.closedHours', { from: a.hours.from, to: a.hours.to })
              : t('start.noAdviser')}
        </p>
      )}
      {!user && (
        <>
          <div className="grid gap-1.5">
            <Label htmlFor="chat-name">{t('start.name')}</Label>
            <Input id="chat-name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={120} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="chat-email">{t('start.email')}</Label>
            <Input id="chat-email" name="email" type="email" dir="ltr" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required aria-describedby="chat-email-hint" />
            <p id="chat-email-hint" className="text-xs text-muted-foreground">
              {t('start.visitorHint')}
            </p>
          </div>
        </>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor="chat-first-message">{t('start.message')}</Label>
        <Textarea id="chat-first-message" name="message" dir="auto" value={message} onChange={(e) => setMessage(e.target.value)} required maxLength={2000} rows={4} />
      </div>
      <Button type="submit" className="mt-auto" loading={start.isPending} disabled={!message.trim()} data-testid="chat-start-submit">
        {t('start.send')}
      </Button>
    </form>
  );
}

function ChatConversation({ chat, onNew }: { chat: TChatView; onNew: () => void }) {
  const { t, locale } = useChatTranslation();
  const { user } = useAuth();
  const send = useSendChatMessage(chat.id);
  const typingNotify = useTypingNotifier(underWay(chat) ? `/api/chat/${encodeURIComponent(chat.id)}/typing` : null);
  const agentTyping = useChatTyping(underWay(chat) ? chat.id : null, 'agent');
  const [older, setOlder] = useState<{ messages: TChatMessage[]; hasMore: boolean } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const messages = older ? [...older.messages, ...chat.messages.filter((m) => !older.messages.some((o) => o.id === m.id))] : chat.messages;
  useMarkRead(chat);

  const loadOlder = () => {
    const first = messages[0];
    if (!first) return;
    setLoadingOlder(true);
    fetchOlderMessages(chat.id, first.id)
      .then((page) => setOlder((o) => ({ messages: [...page.messages, ...(o?.messages ?? [])], hasMore: page.hasMore })))
      .catch((e: unknown) => toast.error(chatMessage(e)))
      .finally(() => setLoadingOlder(false));
  };

  const ticketLink = !user ? null : user.role === 'customer' ? `${paths.client.support}?${new URLSearchParams({ tab: 'tickets', ticket: chat.id })}` : isPartnerRole(user.role) ? `${paths.partner.support}?tab=tickets` : null;

  return (
    <>
      {chat.status === 'waiting' && (
        <div className="flex items-center gap-3 border-b border-border bg-primary-soft/50 px-4 py-3 text-sm" role="status" data-testid="chat-waiting">
          <Spinner size="sm" decorative />
          <div>
            <p className="font-medium">{t('waiting')}</p>
            <p className="text-xs text-muted-foreground">{t('waitingHint')}</p>
          </div>
        </div>
      )}
      {chat.status === 'missed' && (
        <div className="space-y-2 border-b border-border bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950/50 dark:text-amber-50" role="status" data-testid="chat-missed">
          <p>{t('missed')}</p>
          {ticketLink && (
            <Link to={ticketLink} className="font-semibold underline underline-offset-4" onClick={() => closeLiveChat()} data-testid="chat-ticket-link">
              {t('ticketLink')}
            </Link>
          )}
        </div>
      )}
      <ChatThread
        messages={messages}
        ownSide="requester"
        otherReadAt={chat.agentReadAt}
        locale={locale}
        labels={{ read: t('read'), older: t('older'), conversation: t('title') }}
        typing={agentTyping ? t('typing', { name: chat.agent?.name ?? t('adviser') }) : null}
        hasOlder={older ? older.hasMore : chat.hasOlder}
        onOlder={loadOlder}
        loadingOlder={loadingOlder}
      />
      {underWay(chat) ? (
        <ChatComposer
          onSend={(body, files) => send.mutateAsync({ body, files }).catch((e: unknown) => {
            toast.error(chatMessage(e));
            throw e;
          })}
          onTyping={typingNotify}
          sending={send.isPending}
          labels={{
            message: t('composer'),
            send: t('send'),
            picture: t('picture'),
            removePicture: (name) => t('removePicture', { name }),
            pictureType: (name) => t('pictureType', { name }),
            pictureSize: (name) => t('pictureSize', { name }),
          }}
        />
      ) : (
        <ChatAfterwards chat={chat} onNew={onNew} />
      )}
    </>
  );
}

/** While the panel shows the chat and the page is visible, the adviser's messages are marked read (« Lu » on the desk). */
function useMarkRead(chat: TChatView) {
  const marked = useRef<string | null>(null);
  const lastAgent = [...chat.messages].reverse().find((m) => m.side === 'agent');
  const unread = lastAgent !== undefined && (chat.requesterReadAt === null || Date.parse(lastAgent.at) > Date.parse(chat.requesterReadAt));
  const target = unread ? lastAgent.id : null;
  useEffect(() => {
    if (!target || marked.current === target) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || marked.current === target) return;
      marked.current = target;
      markChatRead(`/api/chat/${encodeURIComponent(chat.id)}/read`).catch(() => {
        marked.current = null;
      });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [target, chat.id]);
}

/** An ended chat: the 1–5 rating, the transcript by e-mail, a new chat. A missed one: a new chat only. */
function ChatAfterwards({ chat, onNew }: { chat: TChatView; onNew: () => void }) {
  const { t } = useChatTranslation();
  const rate = useRateChat(chat.id);
  const transcript = useChatTranscript(chat.id);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const ended = chat.status === 'ended';
  return (
    <div className="space-y-3 border-t border-border bg-card p-3" data-testid="chat-afterwards">
      {ended && chat.rating === null && (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (rating < 1) return;
            rate.mutate(
              { rating, ...(comment.trim() ? { comment: comment.trim() } : {}) },
              { onSuccess: (a) => a.message && toast.success(chatMessage(a.message)), onError: (e) => toast.error(chatMessage(e)) },
            );
          }}
          data-testid="chat-rating"
        >
          <fieldset>
            <legend className="text-sm font-medium">{t('rate')}</legend>
            <div className="mt-1 flex gap-1" dir="ltr">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="cursor-pointer">
                  <input type="radio" name="chat-rating" value={n} checked={rating === n} onChange={() => setRating(n)} className="peer sr-only" />
                  <span className="sr-only">{t('stars', { count: n })}</span>
                  <Star aria-hidden className={cn('size-8 rounded-sm peer-focus-visible:outline-2 peer-focus-visible:outline-ring', n <= rating ? 'fill-accent text-accent' : 'text-muted-foreground')} />
                </label>
              ))}
            </div>
          </fieldset>
          {rating > 0 && <Input value={comment} onChange={(e) => setComment(e.target.value)} placeholder={t('comment')} aria-label={t('comment')} maxLength={1000} dir="auto" />}
          <Button type="submit" size="sm" disabled={rating < 1} loading={rate.isPending} data-testid="chat-rating-submit">
            {t('rateSend')}
          </Button>
        </form>
      )}
      {ended && chat.rating !== null && (
        <p className="text-sm font-medium" data-testid="chat-rated">
          {t('rated', { rating: chat.rating })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {ended && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            loading={transcript.isPending}
            onClick={() => transcript.mutate(undefined, { onSuccess: (a) => toast.success(chatMessage(a.message)), onError: (e) => toast.error(chatMessage(e)) })}
            data-testid="chat-transcript"
          >
            {t('transcript')}
          </Button>
        )}
        <Button type="button" size="sm" variant="ghost" onClick={onNew}>
          {t('newChat')}
        </Button>
      </div>
    </div>
  );
}
