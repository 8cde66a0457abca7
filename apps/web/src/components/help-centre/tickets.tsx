import { type TTicketDetail, type TTicketSummary, type ZTicketResponse } from '@farha/contracts/support';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { FileText, ImageIcon, Lock, MessageSquare, Send } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { formatDateTime, formatShortDate } from '@/lib/dates';
import { AttachmentPicker, formatSize } from './attachment-picker';
import type { HelpCentreTexts } from './texts';
import { errorKey } from '@farha/contracts/plain/errors';

type TTicketResponse = z.infer<typeof ZTicketResponse>;

/** The ticket calls of one audience (/api/client/tickets or /api/partner/tickets). */
export interface TicketApi {
  useTicket: (id: string | null) => UseQueryResult<TTicketDetail>;
  useReply: (id: string) => UseMutationResult<TTicketResponse, Error, { message: string; files: File[] }>;
  /** Absent: this audience cannot close its tickets itself. */
  useClose?: (id: string) => UseMutationResult<TTicketResponse, Error, void>;
}

const STATUS_VARIANTS: Record<TTicketSummary['status'], BadgeProps['variant']> = {
  open: 'secondary',
  assigned: 'secondary',
  pending: 'soft',
  resolved: 'accent',
  closed: 'muted',
};
const PRIORITY_CLASSES: Record<TTicketSummary['priority'], string> = {
  low: 'border-border text-muted-foreground',
  medium: 'border-border text-foreground',
  high: 'border-destructive/50 text-destructive',
  urgent: 'border-transparent bg-destructive text-destructive-foreground',
};

export function TicketStatusBadge({ status, texts }: { status: TTicketSummary['status']; texts: HelpCentreTexts }) {
  return (
    <Badge variant={STATUS_VARIANTS[status]} data-testid="ticket-status" data-status={status}>
      {texts.ticketStatus(status)}
    </Badge>
  );
}

export function TicketPriorityBadge({ priority, texts }: { priority: TTicketSummary['priority']; texts: HelpCentreTexts }) {
  return (
    <Badge variant="outline" className={PRIORITY_CLASSES[priority]}>
      {texts.t('tickets.priorityValue', { value: texts.ticketPriority(priority) })}
    </Badge>
  );
}

/** The user's tickets, newest activity first; a row opens the conversation. */
export function TicketList({ tickets, onOpen, texts }: { tickets: TTicketSummary[]; onOpen: (id: string) => void; texts: HelpCentreTexts }) {
  const { t, locale } = texts;
  return (
    <ul className="grid gap-2" data-testid="ticket-list">
      {tickets.map((ticket) => (
        <li key={ticket.id}>
          <button
            type="button"
            onClick={() => onOpen(ticket.id)}
            className="grid w-full gap-2 rounded-xl border border-border bg-card p-4 text-start shadow-sm transition-colors hover:bg-muted/50"
            data-testid="ticket-row"
            data-status={ticket.status}
          >
            <span className="flex flex-wrap items-start justify-between gap-2">
              <span className="font-semibold text-pretty">
                <bdi>{ticket.title}</bdi>
              </span>
              <TicketStatusBadge status={ticket.status} texts={texts} />
            </span>
            <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <Badge variant="muted">{texts.category(ticket.category)}</Badge>
              <TicketPriorityBadge priority={ticket.priority} texts={texts} />
              <span className="inline-flex items-center gap-1">
                <MessageSquare aria-hidden className="size-3.5" />
                {/* The opening description is the thread's first message; messageCount counts what followed. */}
                {t('tickets.messages', { count: ticket.messageCount + 1 })}
              </span>
            </span>
            <span className="flex flex-wrap gap-x-4 text-xs text-muted-foreground">
              <span>{t('tickets.createdOn', { date: formatShortDate(ticket.createdAt, locale) })}</span>
              <span>{t('tickets.updatedOn', { date: formatShortDate(ticket.updatedAt, locale) })}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Closing a ticket from its conversation, for the audiences that may (docs/product/support.md §3). */
export interface CloseTicketTexts {
  close: string;
  confirm: string;
  cancel: string;
}

interface TicketDialogProps {
  ticketId: string | null;
  onOpenChange: (open: boolean) => void;
  api: TicketApi;
  texts: HelpCentreTexts;
  closeTexts?: CloseTicketTexts;
  /** What a help centre shows under the thread, e.g. the customer's rating of a resolved ticket. */
  afterThread?: (ticket: TTicketDetail) => ReactNode;
}

/** One ticket's conversation: its messages and files, a reply with attachments, closing it where allowed. */
export function TicketDialog({ ticketId, onOpenChange, api, texts, closeTexts, afterThread }: TicketDialogProps) {
  const { t } = texts;
  const ticket = api.useTicket(ticketId);
  return (
    <Dialog open={ticketId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" data-testid="ticket-dialog">
        {ticket.isPending ? (
          <div className="grid gap-3">
            <DialogTitle className="sr-only">{t('tabs.tickets')}</DialogTitle>
            <Skeleton className="h-7 w-2/3" />
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : ticket.isError ? (
          <>
            <DialogTitle className="sr-only">{t('tabs.tickets')}</DialogTitle>
            <Alert variant="error">{t('ticket.loadError')}</Alert>
          </>
        ) : (
          <TicketConversation ticket={ticket.data} api={api} texts={texts} closeTexts={closeTexts} afterThread={afterThread} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function TicketConversation({
  ticket,
  api,
  texts,
  closeTexts,
  afterThread,
}: Pick<TicketDialogProps, 'api' | 'texts' | 'closeTexts' | 'afterThread'> & { ticket: TTicketDetail }) {
  const { t, locale } = texts;
  const closed = ticket.status === 'closed';
  const openingFiles = ticket.attachments.filter((a) => a.messageId === null);

  return (
    <>
      <DialogHeader>
        <DialogTitle className="text-pretty">
          <bdi>{ticket.title}</bdi>
        </DialogTitle>
        <DialogDescription asChild>
          <div className="flex flex-wrap items-center gap-2">
            <TicketStatusBadge status={ticket.status} texts={texts} />
            <Badge variant="muted">{texts.category(ticket.category)}</Badge>
            <TicketPriorityBadge priority={ticket.priority} texts={texts} />
            <span className="text-xs">{t('tickets.createdOn', { date: formatShortDate(ticket.createdAt, locale) })}</span>
          </div>
        </DialogDescription>
      </DialogHeader>

      <section aria-label={t('ticket.thread')} className="grid gap-3" data-testid="ticket-thread">
        <Bubble mine author={t('ticket.you')} date={ticket.createdAt} text={ticket.description} attachments={openingFiles} texts={texts} />
        {ticket.messages.map((message) => (
          <Bubble
            key={message.id}
            mine={message.sender === 'user'}
            author={message.sender === 'user' ? t('ticket.you') : `${message.authorName} · ${t('ticket.supportTeam')}`}
            date={message.createdAt}
            text={message.message}
            attachments={message.attachments}
            texts={texts}
          />
        ))}
      </section>

      {afterThread?.(ticket)}

      {closed || !ticket.canReply ? (
        <Alert data-testid="ticket-closed">{t('ticket.closed')}</Alert>
      ) : (
        <ReplyForm ticketId={ticket.id} api={api} texts={texts} />
      )}

      {!closed && api.useClose && closeTexts && <CloseTicket ticketId={ticket.id} useClose={api.useClose} texts={texts} closeTexts={closeTexts} />}
    </>
  );
}

interface CloseTicketProps {
  ticketId: string;
  useClose: NonNullable<TicketApi['useClose']>;
  texts: HelpCentreTexts;
  closeTexts: CloseTicketTexts;
}

function CloseTicket({ ticketId, useClose, texts, closeTexts }: CloseTicketProps) {
  const [confirmClose, setConfirmClose] = useState(false);
  const close = useClose(ticketId);
  const onClose = () =>
    close.mutate(undefined, {
      onSuccess: (result) => {
        toast.success(texts.message(result.message));
        setConfirmClose(false);
      },
      onError: (error) => toast.error(texts.message(error)),
    });
  return (
    <>
      <div className="flex justify-end border-t border-border pt-3">
        <Button variant="ghost" size="sm" onClick={() => setConfirmClose(true)} data-testid="close-ticket">
          <Lock aria-hidden />
          {closeTexts.close}
        </Button>
      </div>
      <ConfirmDialog
        confirmTestId="confirm-action"
        open={confirmClose}
        onOpenChange={setConfirmClose}
        title={closeTexts.close}
        description={closeTexts.confirm}
        confirmLabel={closeTexts.close}
        cancelLabel={closeTexts.cancel}
        onConfirm={onClose}
        pending={close.isPending}
      />
    </>
  );
}

interface BubbleProps {
  mine: boolean;
  author: string;
  date: string;
  text: string;
  attachments: TTicketDetail['attachments'];
  texts: HelpCentreTexts;
}

function Bubble({ mine, author, date, text, attachments, texts: { t, locale } }: BubbleProps) {
  return (
    <article
      className={cn(
        'max-w-[92%] rounded-2xl px-4 py-3 text-sm',
        mine ? 'ms-auto rounded-ee-sm bg-primary-soft text-foreground' : 'me-auto rounded-es-sm border border-border bg-muted',
      )}
      data-testid="ticket-message"
      data-sender={mine ? 'user' : 'support'}
    >
      <header className="mb-1 flex flex-wrap items-baseline justify-between gap-x-3 text-xs text-muted-foreground">
        <span className="font-semibold text-foreground">{author}</span>
        <time dateTime={date}>{formatDateTime(date, locale)}</time>
      </header>
      <p dir="auto" className="whitespace-pre-line break-words">
        {text}
      </p>
      {attachments.length > 0 && (
        <ul className="mt-2 grid gap-1" aria-label={t('ticket.attachments')}>
          {attachments.map((file) => {
            const Icon = file.contentType.startsWith('image/') ? ImageIcon : FileText;
            return (
              <li key={file.id}>
                <a
                  href={file.url}
                  target="_blank"
                  rel="noopener"
                  className="inline-flex max-w-full items-center gap-1.5 rounded-md bg-background/70 px-2 py-1 text-xs font-medium text-primary-strong underline-offset-2 hover:underline"
                  data-testid="ticket-attachment"
                >
                  <Icon aria-hidden className="size-3.5 shrink-0" />
                  <span className="truncate">{file.filename}</span>
                  <span className="shrink-0 text-muted-foreground">({formatSize(file.size, locale)})</span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </article>
  );
}

function ReplyForm({ ticketId, api, texts }: { ticketId: string; api: TicketApi; texts: HelpCentreTexts }) {
  const { t } = texts;
  const reply = api.useReply(ticketId);
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!message.trim()) {
      setError(t('ticket.replyRequired'));
      return;
    }
    reply.mutate(
      { message: message.trim(), files },
      {
        onSuccess: (result) => {
          setMessage('');
          setFiles([]);
          toast.success(texts.message(result.message));
        },
        onError: (failure) => setError(texts.message(failure, errorKey('VALIDATION'))),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-2 border-t border-border pt-3" data-testid="ticket-reply">
      <Label htmlFor="ticket-reply">{t('ticket.reply')}</Label>
      <Textarea
        id="ticket-reply"
        name="message"
        dir="auto"
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        rows={3}
        maxLength={5000}
        placeholder={t('ticket.replyPlaceholder')}
        aria-invalid={error ? true : undefined}
      />
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-start justify-between gap-2">
        <AttachmentPicker texts={texts} files={files} onChange={setFiles} showHint={false} />
        <Button type="submit" loading={reply.isPending} data-testid="ticket-reply-submit">
          <Send aria-hidden className="rtl:-scale-x-100" />
          {t('ticket.send')}
        </Button>
      </div>
    </form>
  );
}
