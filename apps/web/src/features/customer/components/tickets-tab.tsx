import { SUPPORT_MESSAGES, type TTicketDetail, type TTicketSummary } from '@farha/contracts/support';
import { FileText, ImageIcon, Inbox, Lock, MessageSquare, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useCloseTicket, useReplyToTicket, useTicket, useTickets } from '../api/support';
import { customerMessage, useCustomerT, type CustomerKey, type CustomerT } from '../i18n';
import { formatDateTime, formatShortDate } from '../lib/dates';
import { AttachmentPicker, formatSize } from './attachment-picker';
import { TicketRating } from './ticket-rating';
import { ConfirmDialog } from './confirm-dialog';
import { Textarea } from './form-controls';

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

export function categoryLabel(t: CustomerT, category: string): string {
  const key = `ticketCategory.${category}` as CustomerKey;
  const label = t(key);
  return label === key ? category : label;
}

export function TicketStatusBadge({ status }: { status: TTicketSummary['status'] }) {
  const { t } = useCustomerT();
  return (
    <Badge variant={STATUS_VARIANTS[status]} data-testid="ticket-status" data-status={status}>
      {t(`ticketStatus.${status}`)}
    </Badge>
  );
}

export function TicketPriorityBadge({ priority }: { priority: TTicketSummary['priority'] }) {
  const { t } = useCustomerT();
  return (
    <Badge variant="outline" className={PRIORITY_CLASSES[priority]}>
      {t('support.tickets.priorityValue', { value: t(`ticketPriority.${priority}`) })}
    </Badge>
  );
}

/** "Mes tickets": the customer's tickets, newest activity first; a row opens the conversation. */
export function TicketsTab({ onCreate, openId, onOpenChange }: { onCreate: () => void; openId: string | null; onOpenChange: (id: string | null) => void }) {
  const { t, locale } = useCustomerT();
  const tickets = useTickets();

  if (tickets.isPending) {
    return (
      <div className="grid gap-2">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
    );
  }
  if (tickets.isError) {
    return (
      <Alert variant="error">
        <div className="flex flex-wrap items-center justify-between gap-3">
          {t('support.tickets.loadError')}
          <Button size="sm" variant="outline" onClick={() => void tickets.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      </Alert>
    );
  }
  return (
    <>
      {tickets.data.tickets.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-border p-10 text-center" data-testid="tickets-empty">
          <Inbox aria-hidden className="size-10 text-muted-foreground" />
          <p className="text-lg font-semibold">{t('support.tickets.emptyTitle')}</p>
          <p className="max-w-md text-sm text-muted-foreground">{t('support.tickets.emptyText')}</p>
          <Button onClick={onCreate}>{t('support.tickets.create')}</Button>
        </div>
      ) : (
        <ul className="grid gap-2" data-testid="ticket-list">
          {tickets.data.tickets.map((ticket) => (
            <li key={ticket.id}>
              <button
                type="button"
                onClick={() => onOpenChange(ticket.id)}
                className="grid w-full gap-2 rounded-xl border border-border bg-card p-4 text-start shadow-sm transition-colors hover:bg-muted/50"
                aria-label={t('support.tickets.open', { title: ticket.title })}
                data-testid="ticket-row"
                data-status={ticket.status}
              >
                <span className="flex flex-wrap items-start justify-between gap-2">
                  <span className="font-semibold text-pretty">
                    <bdi>{ticket.title}</bdi>
                  </span>
                  <TicketStatusBadge status={ticket.status} />
                </span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <Badge variant="muted">{categoryLabel(t, ticket.category)}</Badge>
                  <TicketPriorityBadge priority={ticket.priority} />
                  <span className="inline-flex items-center gap-1">
                    <MessageSquare aria-hidden className="size-3.5" />
                    {/* The opening description is the thread's first message; messageCount counts what followed. */}
                    {t('support.tickets.messages', { count: ticket.messageCount + 1 })}
                  </span>
                </span>
                <span className="flex flex-wrap gap-x-4 text-xs text-muted-foreground">
                  <span>{t('support.tickets.createdOn', { date: formatShortDate(ticket.createdAt, locale) })}</span>
                  <span>{t('support.tickets.updatedOn', { date: formatShortDate(ticket.updatedAt, locale) })}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <TicketDialog ticketId={openId} onOpenChange={(open) => !open && onOpenChange(null)} />
    </>
  );
}

function TicketDialog({ ticketId, onOpenChange }: { ticketId: string | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useCustomerT();
  const ticket = useTicket(ticketId);
  return (
    <Dialog open={ticketId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" data-testid="ticket-dialog">
        {ticket.isPending ? (
          <div className="grid gap-3">
            <DialogTitle className="sr-only">{t('support.tabs.tickets')}</DialogTitle>
            <Skeleton className="h-7 w-2/3" />
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : ticket.isError ? (
          <>
            <DialogTitle className="sr-only">{t('support.tabs.tickets')}</DialogTitle>
            <Alert variant="error">{t('support.ticket.loadError')}</Alert>
          </>
        ) : (
          <TicketConversation ticket={ticket.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function TicketConversation({ ticket }: { ticket: TTicketDetail }) {
  const { t, locale } = useCustomerT();
  const [confirmClose, setConfirmClose] = useState(false);
  const close = useCloseTicket(ticket.id);
  const closed = ticket.status === 'closed';
  const openingFiles = ticket.attachments.filter((a) => a.messageId === null);

  const onClose = () =>
    close.mutate(undefined, {
      onSuccess: (result) => {
        toast.success(customerMessage(result.message));
        setConfirmClose(false);
      },
      onError: (error) => toast.error(customerMessage(error)),
    });

  return (
    <>
      <DialogHeader>
        <DialogTitle className="text-pretty">
          <bdi>{ticket.title}</bdi>
        </DialogTitle>
        <DialogDescription asChild>
          <div className="flex flex-wrap items-center gap-2">
            <TicketStatusBadge status={ticket.status} />
            <Badge variant="muted">{categoryLabel(t, ticket.category)}</Badge>
            <TicketPriorityBadge priority={ticket.priority} />
            <span className="text-xs">{t('support.tickets.createdOn', { date: formatShortDate(ticket.createdAt, locale) })}</span>
          </div>
        </DialogDescription>
      </DialogHeader>

      <section aria-label={t('support.ticket.thread')} className="grid gap-3" data-testid="ticket-thread">
        <Bubble mine author={t('support.ticket.you')} date={ticket.createdAt} text={ticket.description} attachments={openingFiles} />
        {ticket.messages.map((message) => (
          <Bubble
            key={message.id}
            mine={message.sender === 'user'}
            author={message.sender === 'user' ? t('support.ticket.you') : `${message.authorName} · ${t('support.ticket.supportTeam')}`}
            date={message.createdAt}
            text={message.message}
            attachments={message.attachments}
          />
        ))}
      </section>

      <TicketRating ticket={ticket} />

      {closed || !ticket.canReply ? (
        <Alert data-testid="ticket-closed">{t('support.ticket.closed')}</Alert>
      ) : (
        <ReplyForm ticketId={ticket.id} />
      )}

      {!closed && (
        <div className="flex justify-end border-t border-border pt-3">
          <Button variant="ghost" size="sm" onClick={() => setConfirmClose(true)} data-testid="close-ticket">
            <Lock aria-hidden />
            {t('support.ticket.close')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirmClose}
        onOpenChange={setConfirmClose}
        title={t('support.ticket.close')}
        description={t('support.ticket.closeConfirm')}
        confirmLabel={t('support.ticket.close')}
        cancelLabel={t('common.cancel')}
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
}

function Bubble({ mine, author, date, text, attachments }: BubbleProps) {
  const { t, locale } = useCustomerT();
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
        <ul className="mt-2 grid gap-1" aria-label={t('support.ticket.attachments')}>
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

function ReplyForm({ ticketId }: { ticketId: string }) {
  const { t } = useCustomerT();
  const reply = useReplyToTicket(ticketId);
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!message.trim()) {
      setError(t('support.ticket.replyRequired'));
      return;
    }
    reply.mutate(
      { message: message.trim(), files },
      {
        onSuccess: (result) => {
          setMessage('');
          setFiles([]);
          toast.success(customerMessage(result.message));
        },
        onError: (failure) => setError(customerMessage(failure, SUPPORT_MESSAGES.REQUIRED)),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-2 border-t border-border pt-3" data-testid="ticket-reply">
      <Label htmlFor="ticket-reply">{t('support.ticket.reply')}</Label>
      <Textarea
        id="ticket-reply"
        name="message"
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        rows={3}
        maxLength={5000}
        placeholder={t('support.ticket.replyPlaceholder')}
        aria-invalid={error ? true : undefined}
      />
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-start justify-between gap-2">
        <AttachmentPicker files={files} onChange={setFiles} showHint={false} />
        <Button type="submit" loading={reply.isPending} data-testid="ticket-reply-submit">
          <Send aria-hidden className="rtl:-scale-x-100" />
          {t('support.ticket.send')}
        </Button>
      </div>
    </form>
  );
}
