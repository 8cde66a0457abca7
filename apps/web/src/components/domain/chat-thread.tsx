import type { TLocale } from '@farha/contracts/auth';
import type { TChatMessage } from '@farha/contracts/chat';
import { CheckCheck, Paperclip } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatTime } from '@/lib/dates';

interface ChatThreadProps {
  messages: TChatMessage[];
  /** The reader's side: their messages sit at the end, the other side's at the start. */
  ownSide: 'requester' | 'agent';
  /** When the other side last read the chat: « Lu » under the reader's last message read. */
  otherReadAt: string | null;
  locale: TLocale;
  labels: { read: string; older: string; conversation: string };
  /** « Karim est en train d'écrire… », or null. */
  typing: string | null;
  hasOlder?: boolean;
  onOlder?: () => void;
  loadingOlder?: boolean;
  className?: string;
}

/** The reader's last message the other side has read (« Lu » goes under it), or null. */
export function lastReadOwnMessage(messages: readonly Pick<TChatMessage, 'id' | 'side' | 'at'>[], ownSide: 'requester' | 'agent', otherReadAt: string | null): string | null {
  if (!otherReadAt) return null;
  const readTime = Date.parse(otherReadAt);
  let last: string | null = null;
  for (const m of messages) if (m.side === ownSide && Date.parse(m.at) <= readTime) last = m.id;
  return last;
}

/**
 * A live chat's messages (issue 36, docs/product/live-chat.md), shared by the requester's panel and the desk:
 * text as text (never HTML), pictures shown, the chat's own lines centred, « Lu » and the typing line at
 * the end. Scrolls to the newest message when one arrives while the reader is near the end.
 */
export function ChatThread({ messages, ownSide, otherReadAt, locale, labels, typing, hasOlder, onOlder, loadingOlder, className }: ChatThreadProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const nearEnd = useRef(true);
  const lastId = messages.at(-1)?.id;
  const lastReadOwn = lastReadOwnMessage(messages, ownSide, otherReadAt);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && nearEnd.current) el.scrollTop = el.scrollHeight;
  }, [lastId, typing, lastReadOwn]);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => {
      nearEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <div ref={scroller} className={cn('min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-3', className)}>
      <ol aria-label={labels.conversation} aria-live="polite" aria-relevant="additions" className="flex flex-col gap-2" data-testid="chat-thread">
        {hasOlder && onOlder && (
          <li className="self-center">
            <Button type="button" variant="ghost" size="sm" onClick={onOlder} loading={loadingOlder}>
              {labels.older}
            </Button>
          </li>
        )}
        {messages.map((m) =>
          m.side === 'system' ? (
            <li key={m.id} className="self-center px-4 text-center text-xs text-muted-foreground" data-testid="chat-system-line">
              {m.body}
            </li>
          ) : (
            <li
              key={m.id}
              className={cn('flex max-w-[85%] flex-col gap-1', m.side === ownSide ? 'items-end self-end' : 'items-start self-start')}
              data-testid={m.side === ownSide ? 'chat-own-message' : 'chat-other-message'}
            >
              <div
                className={cn(
                  'min-w-0 max-w-full rounded-2xl px-3 py-2 text-sm shadow-xs',
                  m.side === ownSide ? 'rounded-ee-sm bg-primary text-primary-foreground' : 'rounded-es-sm bg-muted text-foreground',
                )}
              >
                {m.side !== ownSide && <p className="mb-0.5 text-xs font-semibold opacity-80">{m.authorName}</p>}
                {m.body && (
                  <p dir="auto" className="whitespace-pre-wrap break-words">
                    {m.body}
                  </p>
                )}
                {m.attachments.length > 0 && (
                  <ul className="mt-1 flex flex-wrap gap-1.5">
                    {m.attachments.map((a) => (
                      <li key={a.id}>
                        <a href={a.url} target="_blank" rel="noreferrer" className="block">
                          {a.contentType.startsWith('image/') ? (
                            <img src={a.url} alt={a.name} loading="lazy" className="max-h-48 max-w-full rounded-lg bg-card object-contain" />
                          ) : (
                            <span className="inline-flex items-center gap-1 underline">
                              <Paperclip aria-hidden className="size-3" />
                              {a.name}
                            </span>
                          )}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <p className="flex items-center gap-1 px-1 text-[11px] text-muted-foreground">
                <time dateTime={m.at}>{formatTime(m.at, locale)}</time>
                {m.id === lastReadOwn && (
                  <span className="inline-flex items-center gap-0.5 font-medium text-primary" data-testid="chat-read">
                    <CheckCheck aria-hidden className="size-3" />
                    {labels.read}
                  </span>
                )}
              </p>
            </li>
          ),
        )}
        {typing && (
          <li className="self-start text-xs italic text-muted-foreground" data-testid="chat-typing">
            {typing}
          </li>
        )}
      </ol>
    </div>
  );
}
