import { DESK_REPLY_STATUSES, type TDeskTicketDetail } from '@farha/contracts/support';
import { formatDate, formatDzd } from '@farha/contracts/money';
import { Lock, Paperclip, UserCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { localized } from '@/lib/localized';
import { useAssignTicket, useCanned, useDeskTicket, useReplyTicket } from '../api/desk';
import { deskMessage, useDeskTranslation } from '../i18n';
import { usePortalTranslation } from '../i18n-portal';
import { PriorityBadge, ResponseTimeBadge, TicketStatusBadge } from './badges';
import { NativeSelect, Textarea } from './controls';
import { formatRecentDateTime as formatDateTime } from '@/lib/dates';
import { TicketDisputes } from './ticket-disputes';
import { GoodwillGiftCards } from './goodwill-gift-cards';

/** The ticket's detail (docs/product/support.md §4): the conversation, the reply box with the resolution select, the context panel. */
export function TicketDetailDialog({ ticketId, agents, onClose }: { ticketId: string | null; agents: { id: string; name: string }[]; onClose: () => void }) {
  const { t, locale } = useDeskTranslation();
  const { data: ticket, isLoading } = useDeskTicket(ticketId);
  return (
    <Dialog open={ticketId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-5xl">
        {isLoading || !ticket ? (
          <>
            <DialogTitle className="sr-only">{t('tickets.title')}</DialogTitle>
            <Spinner />
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle className="pe-8 text-start">{ticket.title}</DialogTitle>
              <DialogDescription className="flex flex-wrap items-center gap-2 text-start">
                <TicketStatusBadge status={ticket.status} />
                <PriorityBadge priority={ticket.priority} />
                <ResponseTimeBadge minutes={ticket.responseMinutes} answered={ticket.firstResponseAt !== null} />
                <span>
                  {ticket.requester.name} · <bdi dir="ltr">{ticket.requester.email}</bdi> · {ticket.requester.kind === 'partner' ? `${t('tickets.partner')} ${ticket.requester.partnerName ?? ''}` : t('tickets.customer')}
                </span>
                <span>#{ticket.id.slice(0, 8).toUpperCase()} · {formatDateTime(ticket.createdAt, locale)}</span>
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
              <div className="min-w-0 space-y-4">
                <AssignBar ticket={ticket} agents={agents} />
                <Conversation ticket={ticket} />
                {ticket.canReply ? <ReplyBox ticket={ticket} /> : <p className="text-sm text-muted-foreground">{t('detail.closed')}</p>}
              </div>
              <div className="space-y-3">
                <ContextPanel context={ticket.context} />
                <TicketDisputes ticket={ticket} />
                {ticket.requester.kind === 'customer' && <GoodwillGiftCards of={{ kind: 'tickets', id: ticket.id }} customerEmail={ticket.requester.email} />}
              </div>
            </div>
            <p className="sr-only">{formatDate(ticket.updatedAt, locale)}</p>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function AssignBar({ ticket, agents }: { ticket: TDeskTicketDetail; agents: { id: string; name: string }[] }) {
  const { t } = useDeskTranslation();
  const { user } = useAuth();
  const assign = useAssignTicket();
  const run = (agentId?: string) =>
    assign.mutate({ id: ticket.id, ...(agentId ? { agentId } : {}) }, { onSuccess: (a) => toast.success(deskMessage(a.message)), onError: (e) => toast.error(deskMessage(e)) });
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg bg-muted/50 p-3 text-sm">
      <UserCheck aria-hidden className="size-4 text-muted-foreground" />
      <span>
        {t('tickets.assignee')} : <strong data-testid="ticket-assignee">{ticket.assignee?.name ?? t('tickets.nobody')}</strong>
      </span>
      <div className="ms-auto flex flex-wrap gap-2">
        {ticket.assignee?.id !== user?.id && (
          <Button size="sm" variant="outline" onClick={() => run()} disabled={assign.isPending}>
            {t('tickets.assignMe')}
          </Button>
        )}
        <NativeSelect aria-label={t('tickets.assignTo')} value="" onChange={(e) => e.target.value && run(e.target.value)} className="w-44">
          <option value="">{t('tickets.assignTo')}</option>
          {agents.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}

function Attachments({ files }: { files: TDeskTicketDetail['attachments'] }) {
  if (files.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2">
      {files.map((f) => (
        <li key={f.id}>
          <a href={f.url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 rounded-md border border-border px-2 py-1 text-xs hover:bg-muted">
            <Paperclip aria-hidden className="size-3" /> {f.filename}
          </a>
        </li>
      ))}
    </ul>
  );
}

function Conversation({ ticket }: { ticket: TDeskTicketDetail }) {
  const { t, locale } = useDeskTranslation();
  return (
    <section aria-label={t('detail.conversation')} className="space-y-3">
      <article className="rounded-lg border border-border p-3">
        <p className="text-xs font-semibold text-muted-foreground">{t('detail.description')} · {ticket.requester.name}</p>
        <p className="mt-1 whitespace-pre-line text-sm">{ticket.description}</p>
        <Attachments files={ticket.attachments} />
      </article>
      {ticket.messages.map((m) => (
        <article
          key={m.id}
          data-testid={m.internal ? 'internal-note' : 'ticket-message'}
          className={cn(
            'rounded-lg border p-3',
            m.internal ? 'border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/40' : m.sender === 'support' ? 'ms-6 border-primary/30 bg-primary-soft/40' : 'me-6 border-border',
          )}
        >
          <p className="flex flex-wrap items-center gap-2 text-xs font-semibold text-muted-foreground">
            {m.internal && (
              <span className="inline-flex items-center gap-1 text-amber-800 dark:text-amber-200">
                <Lock aria-hidden className="size-3" /> {t('detail.internal')}
              </span>
            )}
            {m.authorName} · {formatDateTime(m.createdAt, locale)}
          </p>
          <p className="mt-1 whitespace-pre-line text-sm">{m.message}</p>
          <Attachments files={m.attachments} />
        </article>
      ))}
    </section>
  );
}

function ReplyBox({ ticket }: { ticket: TDeskTicketDetail }) {
  const { t } = useDeskTranslation();
  const reply = useReplyTicket();
  const canned = useCanned();
  const [message, setMessage] = useState('');
  const [internal, setInternal] = useState(false);
  const [status, setStatus] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) return;
    reply.mutate(
      { id: ticket.id, message, internal, ...(status ? { status: status as (typeof DESK_REPLY_STATUSES)[number] } : {}) },
      {
        onSuccess: (answer) => {
          toast.success(deskMessage(answer.message));
          setMessage('');
          setStatus('');
          setInternal(false);
        },
        onError: (error) => toast.error(deskMessage(error)),
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <Label htmlFor="desk-reply">{t('detail.reply')}</Label>
        {(canned.data?.responses.length ?? 0) > 0 && (
          <NativeSelect
            aria-label={t('detail.canned')}
            value=""
            className="w-56"
            onChange={(e) => {
              const found = canned.data?.responses.find((r) => r.id === e.target.value);
              if (found) setMessage((current) => (current ? `${current}\n\n${found.body}` : found.body));
            }}
          >
            <option value="">{t('detail.cannedNone')}</option>
            {canned.data?.responses.map((r) => (
              <option key={r.id} value={r.id}>
                {r.title}
              </option>
            ))}
          </NativeSelect>
        )}
      </div>
      <Textarea id="desk-reply" value={message} onChange={(e) => setMessage(e.target.value)} rows={4} required />
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          <Checkbox checked={internal} onCheckedChange={(v) => setInternal(v === true)} aria-label={t('detail.internalCheckbox')} />
          {t('detail.internalCheckbox')}
        </label>
        <NativeSelect aria-label={t('detail.resolution')} value={status} onChange={(e) => setStatus(e.target.value)} className="w-60">
          <option value="">{`${t('detail.resolution')} : ${t('detail.keep')}`}</option>
          {DESK_REPLY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`resolution.${s}`)}
            </option>
          ))}
        </NativeSelect>
        <Button type="submit" className="ms-auto" disabled={reply.isPending || !message.trim()}>
          {internal ? t('detail.addNote') : t('detail.send')}
        </Button>
      </div>
    </form>
  );
}

/** The requester's partner, vouchers, orders, reservations and disputes, beside a ticket and a live chat. */
export function ContextPanel({ context: c }: { context: TDeskTicketDetail['context'] }) {
  const { t, locale } = useDeskTranslation();
  const { label } = usePortalTranslation();
  const section = 'space-y-1 text-sm';
  const heading = 'text-xs font-semibold uppercase tracking-wide text-muted-foreground';
  return (
    <aside aria-label={t('detail.context')} className="space-y-4 rounded-lg bg-muted/40 p-3">
      <h3 className="font-semibold">{t('detail.context')}</h3>
      {c.partner && (
        <div className={section}>
          <p className={heading}>{t('detail.partnerData')}</p>
          <p className="font-medium">{c.partner.name} · {c.partner.city}</p>
          {c.partner.email && <p><bdi dir="ltr">{c.partner.email}</bdi></p>}
          {c.partner.phone && <p><bdi dir="ltr">{c.partner.phone}</bdi></p>}
          <p>{t('detail.kyc')} : {label('kyc', c.partner.kycStatus)} · {c.partner.active ? t('detail.active') : t('detail.inactive')}</p>
        </div>
      )}
      <div className={section}>
        <p className={heading}>{t('detail.vouchers')}</p>
        {c.vouchers.length === 0 ? <p className="text-muted-foreground">{t('detail.nothing')}</p> : c.vouchers.map((v) => (
          <p key={v.id}><bdi dir="ltr" className="font-mono text-xs">{v.code}</bdi> · <bdi>{localized(v.boxName, v.boxNameAr, locale)}</bdi> · {label('status.voucher', v.status)} · {formatDate(v.expiresAt, locale)}</p>
        ))}
      </div>
      <div className={section}>
        <p className={heading}>{t('detail.orders')}</p>
        {c.orders.length === 0 ? <p className="text-muted-foreground">{t('detail.nothing')}</p> : c.orders.map((o) => (
          <p key={o.id}><bdi>{localized(o.boxName, o.boxNameAr, locale)}</bdi> · {formatDzd(o.amount, locale)} · {label('status.order', o.status)}</p>
        ))}
      </div>
      <div className={section}>
        <p className={heading}>{t('detail.reservations')}</p>
        {c.reservations.length === 0 ? <p className="text-muted-foreground">{t('detail.nothing')}</p> : c.reservations.map((r) => (
          <p key={r.id}>{r.partnerName} · {formatDate(r.requestedDate, locale)} · {label('status.reservation', r.status)}</p>
        ))}
      </div>
      <p className="text-sm">{t('detail.openDisputes', { count: c.openDisputes })}</p>
    </aside>
  );
}
