import { PARTNER_TICKET_CATEGORIES, ZCreatePartnerTicket, type TCreatePartnerTicket, type TSystemStatus } from '@farha/contracts/partner';
import {
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_FILES,
  TICKET_PRIORITIES,
  type TTicketDetail,
} from '@farha/contracts/support';
import {
  Activity,
  BookOpen,
  ChevronDown,
  CircleHelp,
  Clock,
  Headset,
  LifeBuoy,
  Mail,
  MessageSquarePlus,
  Paperclip,
  Phone,
  RefreshCw,
  Scale,
  Search,
  Send,
  Siren,
  ThumbsDown,
  ThumbsUp,
  Ticket,
  Timer,
  X,
} from 'lucide-react';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { SUPPORT_EMAIL, SUPPORT_PHONE, telHref } from '@/lib/site';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  countFaqView,
  useCreateTicket,
  useFaqVote,
  usePartnerFaq,
  usePartnerTicket,
  usePartnerTickets,
  useReplyTicket,
  useSystemStatus,
} from '../api/support';
import { EmptyState } from '../components/empty-state';
import { NativeSelect, Textarea } from '../components/form-controls';
import { LoadError } from '../components/page-states';
import { PageTabsList, PageTabsTrigger } from '../components/page-tabs';
import { DisputesTab } from '../components/disputes-tab';
import { ToneBadge } from '../components/status-badges';
import { partnerMessage, usePartnerTranslation } from '../i18n';
import { formatDateTime, formatTime, frenchSpaces } from '../lib/format';

const TABS = ['faq', 'tickets', 'new', 'disputes', 'status', 'contact'] as const;
type Tab = (typeof TABS)[number];

/** /partenaire/support (spec 02 §2 "Partner support"). */
export function PartnerSupportPage() {
  const { t } = usePartnerTranslation();
  useDocumentTitle(t('support.title'));
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && TABS.includes(requested) ? requested : 'faq';
  const faq = usePartnerFaq();
  const tickets = usePartnerTickets();
  const select = (next: string) => setParams(next === 'faq' ? {} : { tab: next }, { replace: true });

  const badge = (count: number | undefined, testId?: string) =>
    count !== undefined && count > 0 ? (
      <span className="rounded-full bg-primary px-1.5 text-xs leading-5 text-primary-foreground" data-testid={testId}>
        {count}
      </span>
    ) : null;

  return (
    <div className="space-y-6">
      <PageHeader title={t('support.title')} description={t('support.intro')} />
      <Tabs value={tab} onValueChange={select}>
        <PageTabsList>
          <PageTabsTrigger value="faq" data-testid="support-tab-faq">
            <CircleHelp aria-hidden className="size-4" />
            {t('support.tabs.faq')}
            {badge(faq.data?.entries.length)}
          </PageTabsTrigger>
          <PageTabsTrigger value="tickets" data-testid="support-tab-tickets">
            <Ticket aria-hidden className="size-4" />
            {t('support.tabs.tickets')}
            {badge(tickets.data?.openCount, 'tickets-open-count')}
          </PageTabsTrigger>
          <PageTabsTrigger value="new" data-testid="support-tab-new">
            <MessageSquarePlus aria-hidden className="size-4" />
            {t('support.tabs.new')}
          </PageTabsTrigger>
          <PageTabsTrigger value="disputes" data-testid="support-tab-disputes">
            <Scale aria-hidden className="size-4" />
            {t('support.tabs.disputes')}
          </PageTabsTrigger>
          <PageTabsTrigger value="status" data-testid="support-tab-status">
            <Activity aria-hidden className="size-4" />
            {t('support.tabs.status')}
          </PageTabsTrigger>
          <PageTabsTrigger value="contact" data-testid="support-tab-contact">
            <Siren aria-hidden className="size-4" />
            {t('support.tabs.contact')}
          </PageTabsTrigger>
        </PageTabsList>
        <TabsContent value="faq">{tab === 'faq' && <FaqTab onNewTicket={() => select('new')} onContact={() => select('contact')} />}</TabsContent>
        <TabsContent value="tickets">{tab === 'tickets' && <TicketsTab onNew={() => select('new')} />}</TabsContent>
        <TabsContent value="new">{tab === 'new' && <NewTicketTab onCreated={() => select('tickets')} />}</TabsContent>
        <TabsContent value="disputes">{tab === 'disputes' && <DisputesTab />}</TabsContent>
        <TabsContent value="status">{tab === 'status' && <StatusTab />}</TabsContent>
        <TabsContent value="contact">{tab === 'contact' && <ContactTab />}</TabsContent>
      </Tabs>
    </div>
  );
}

function FaqTab({ onNewTicket, onContact }: { onNewTicket: () => void; onContact: () => void }) {
  const { t } = usePartnerTranslation();
  const faq = usePartnerFaq();
  const vote = useFaqVote();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const seen = useRef(new Set<string>());
  const entries = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return (faq.data?.entries ?? []).filter(
      (entry) =>
        (!category || entry.category === category) &&
        (!needle || entry.question.toLowerCase().includes(needle) || entry.answer.toLowerCase().includes(needle)),
    );
  }, [faq.data, query, category]);

  const quick = [
    { icon: Siren, title: t('support.faq.quick.urgent'), text: t('support.faq.quick.urgentText'), onClick: onContact },
    { icon: MessageSquarePlus, title: t('support.faq.quick.ticket'), text: t('support.faq.quick.ticketText'), onClick: onNewTicket },
    { icon: Mail, title: t('support.faq.quick.email'), text: SUPPORT_EMAIL, href: `mailto:${SUPPORT_EMAIL}` },
  ];

  return (
    <div className="space-y-5">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {quick.map(({ icon: Icon, title, text, onClick, href }) => {
          const body = (
            <>
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-strong">
                <Icon aria-hidden className="size-5" />
              </span>
              <span className="min-w-0 text-start">
                <span className="block font-semibold">{title}</span>
                <span className="block truncate text-sm text-muted-foreground">{text}</span>
              </span>
            </>
          );
          const classes = 'flex items-center gap-3 rounded-xl border border-border bg-card p-4 shadow-sm transition-colors hover:border-primary/50';
          return href ? (
            <a key={title} href={href} className={classes}>
              {body}
            </a>
          ) : (
            <button key={title} type="button" onClick={onClick} className={classes}>
              {body}
            </button>
          );
        })}
      </div>

      <Card className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            name="faqSearch" dir="auto"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('support.faq.search')}
            aria-label={t('support.faq.search')}
            className="ps-9"
          />
        </div>
        <NativeSelect name="faqCategory" value={category} onChange={(e) => setCategory(e.target.value)} aria-label={t('support.faq.category')}>
          <option value="">{t('support.faq.allCategories')}</option>
          {(faq.data?.categories ?? []).map((entry) => (
            <option key={entry.category} value={entry.category}>
              {categoryLabel(t, entry.category)} ({entry.count})
            </option>
          ))}
        </NativeSelect>
      </Card>

      {faq.isError && !faq.data ? (
        <LoadError error={faq.error} onRetry={() => void faq.refetch()} />
      ) : faq.isPending ? (
        <Skeleton className="h-64" />
      ) : entries.length === 0 ? (
        <EmptyState icon={CircleHelp} title={t('support.faq.empty')} text={t('support.faq.emptyText')} />
      ) : (
        <ul className="space-y-2" data-testid="faq-list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <details
                className="group rounded-xl border border-border bg-card shadow-sm open:shadow"
                onToggle={(event) => {
                  if ((event.currentTarget as HTMLDetailsElement).open && !seen.current.has(entry.id)) {
                    seen.current.add(entry.id);
                    countFaqView(entry.id);
                  }
                }}
              >
                <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 p-4 font-semibold [&::-webkit-details-marker]:hidden">
                  <span>{frenchSpaces(entry.question)}</span>
                  <ChevronDown aria-hidden className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" />
                </summary>
                <div className="space-y-3 border-t border-border px-4 pb-4 pt-3">
                  <p className="whitespace-pre-line text-sm text-pretty">{frenchSpaces(entry.answer)}</p>
                  <div className="flex flex-wrap items-center gap-2">
                    <ToneBadge tone="neutral">{categoryLabel(t, entry.category)}</ToneBadge>
                    <span className="ms-auto text-xs text-muted-foreground">{t('support.faq.useful')}</span>
                    <Button
                      variant={entry.myVote === true ? 'soft' : 'ghost'}
                      size="sm"
                      aria-pressed={entry.myVote === true}
                      onClick={() => vote.mutate({ id: entry.id, helpful: true })}
                      disabled={vote.isPending}
                    >
                      <ThumbsUp aria-hidden />
                      {t('support.faq.yes')} · {entry.helpful}
                    </Button>
                    <Button
                      variant={entry.myVote === false ? 'soft' : 'ghost'}
                      size="sm"
                      aria-pressed={entry.myVote === false}
                      onClick={() => vote.mutate({ id: entry.id, helpful: false })}
                      disabled={vote.isPending}
                    >
                      <ThumbsDown aria-hidden />
                      {t('support.faq.no')} · {entry.notHelpful}
                    </Button>
                  </div>
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const TICKET_STATUS_TONES = { open: 'warning', assigned: 'info', pending: 'info', resolved: 'success', closed: 'neutral' } as const;
const PRIORITY_TONES = { low: 'neutral', medium: 'info', high: 'warning', urgent: 'danger' } as const;

function TicketsTab({ onNew }: { onNew: () => void }) {
  const { t, locale } = usePartnerTranslation();
  const tickets = usePartnerTickets();
  const [openId, setOpenId] = useState<string | null>(null);
  if (tickets.isError && !tickets.data) return <LoadError error={tickets.error} onRetry={() => void tickets.refetch()} />;
  if (tickets.isPending) return <Skeleton className="h-48" />;
  if (tickets.data.tickets.length === 0) {
    return (
      <EmptyState
        icon={Ticket}
        title={t('support.tickets.empty')}
        text={t('support.tickets.emptyText')}
        action={
          <Button onClick={onNew}>
            <MessageSquarePlus aria-hidden />
            {t('support.tabs.new')}
          </Button>
        }
      />
    );
  }
  return (
    <>
      <ul className="grid grid-cols-1 gap-3" data-testid="tickets-list">
        {tickets.data.tickets.map((ticket) => (
          <li key={ticket.id}>
            <button
              type="button"
              onClick={() => setOpenId(ticket.id)}
              className="w-full rounded-xl border border-border bg-card p-4 text-start shadow-sm transition-colors hover:border-primary/50"
              data-testid="ticket-row"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="font-semibold">{ticket.title}</p>
                <ToneBadge tone={TICKET_STATUS_TONES[ticket.status]}>{t(`ticketStatus.${ticket.status}`)}</ToneBadge>
              </div>
              <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <ToneBadge tone="neutral">{categoryLabel(t, ticket.category)}</ToneBadge>
                <ToneBadge tone={PRIORITY_TONES[ticket.priority]}>{t(`ticketPriority.${ticket.priority}`)}</ToneBadge>
                <span>{t('support.tickets.createdAt', { date: formatDateTime(ticket.createdAt, locale) })}</span>
                {ticket.lastResponseAt && <span>· {t('support.tickets.lastResponse', { date: formatDateTime(ticket.lastResponseAt, locale) })}</span>}
              </div>
            </button>
          </li>
        ))}
      </ul>
      <TicketDialog id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

function categoryLabel(t: ReturnType<typeof usePartnerTranslation>['t'], category: string): string {
  return (PARTNER_TICKET_CATEGORIES as readonly string[]).includes(category)
    ? t(`ticketCategory.${category as (typeof PARTNER_TICKET_CATEGORIES)[number]}`)
    : category;
}

function Attachments({ files }: { files: TTicketDetail['attachments'] }) {
  if (files.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2">
      {files.map((file) => (
        <li key={file.id}>
          <a
            href={file.url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex max-w-56 items-center gap-1 rounded-md border border-border bg-card px-2 py-1 text-xs hover:bg-muted"
          >
            <Paperclip aria-hidden className="size-3 shrink-0" />
            <span className="truncate">{file.filename}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function TicketDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t, locale } = usePartnerTranslation();
  const ticket = usePartnerTicket(id);
  const reply = useReplyTicket(id ?? '');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const data = ticket.data;

  function send(event: FormEvent) {
    event.preventDefault();
    if (!message.trim()) return;
    reply.mutate(
      { message: message.trim(), files: [] },
      {
        onSuccess: () => {
          setMessage('');
          setError(null);
        },
        onError: (failure) => setError(partnerMessage(failure)),
      },
    );
  }

  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{data?.title ?? t('common.loading')}</DialogTitle>
          <DialogDescription>
            {data ? `${categoryLabel(t, data.category)} · ${t(`ticketPriority.${data.priority}`)} · ${t(`ticketStatus.${data.status}`)}` : ''}
          </DialogDescription>
        </DialogHeader>
        {!data ? (
          ticket.isError ? (
            <LoadError error={ticket.error} onRetry={() => void ticket.refetch()} />
          ) : (
            <Skeleton className="h-40" />
          )
        ) : (
          <div className="space-y-4">
            <div className="rounded-xl bg-muted p-3 text-sm">
              <p className="whitespace-pre-line">{data.description}</p>
              <Attachments files={data.attachments.filter((file) => file.messageId === null)} />
            </div>
            {data.messages.length > 0 && (
              <ul className="max-h-80 space-y-3 overflow-y-auto">
                {data.messages.map((entry) => (
                  <li key={entry.id} className={cn('rounded-xl p-3 text-sm', entry.sender === 'support' ? 'me-6 bg-primary-soft' : 'ms-6 bg-muted')}>
                    <p className="mb-1 text-xs font-semibold text-muted-foreground">
                      {entry.authorName} · {formatDateTime(entry.createdAt, locale)}
                    </p>
                    <p className="whitespace-pre-line">{entry.message}</p>
                    <Attachments files={entry.attachments} />
                  </li>
                ))}
              </ul>
            )}
            {!data.canReply ? (
              <Alert>{t('messages.SUPPORT_TICKET_CLOSED')}</Alert>
            ) : (
              <form onSubmit={send} className="grid grid-cols-1 gap-2">
                <Textarea
                  name="reply" dir="auto"
                  value={message}
                  onChange={(e) => setMessage(e.target.value)}
                  rows={3}
                  aria-label={t('support.tickets.reply')}
                  placeholder={t('support.tickets.replyPlaceholder')}
                />
                {error && <p className="text-sm font-medium text-destructive">{error}</p>}
                <Button type="submit" disabled={!message.trim()} loading={reply.isPending} className="justify-self-end">
                  {!reply.isPending && <Send aria-hidden />}
                  {t('support.tickets.send')}
                </Button>
              </form>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

const EMPTY_TICKET: Required<TCreatePartnerTicket> = { title: '', description: '', category: 'scanner', priority: 'medium' };
const ACCEPTED_FILES = 'image/png,image/jpeg,image/webp,image/gif,application/pdf';

function NewTicketTab({ onCreated }: { onCreated: () => void }) {
  const { t } = usePartnerTranslation();
  const create = useCreateTicket();
  const [values, setValues] = useState<Required<TCreatePartnerTicket>>(EMPTY_TICKET);
  const [files, setFiles] = useState<File[]>([]);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  // spec 02 §5: the create button stays disabled while the subject or the description is empty.
  const blank = !values.title.trim() || !values.description.trim();

  function addFiles(list: FileList | null) {
    if (!list) return;
    const picked = Array.from(list).filter((file) => file.size <= TICKET_ATTACHMENT_MAX_BYTES);
    if (picked.length < list.length) setResult({ kind: 'error', text: t('messages.FILE_TOO_LARGE') });
    setFiles((current) => [...current, ...picked].slice(0, TICKET_ATTACHMENT_MAX_FILES));
    if (fileRef.current) fileRef.current.value = '';
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZCreatePartnerTicket.safeParse(values);
    if (!parsed.success) {
      setResult({ kind: 'error', text: partnerMessage(parsed.error.issues[0]?.message ?? '') });
      return;
    }
    create.mutate(
      { values: parsed.data, files },
      {
        onSuccess: (answer) => {
          setResult({ kind: 'success', text: partnerMessage(answer.message) });
          setValues(EMPTY_TICKET);
          setFiles([]);
          window.setTimeout(onCreated, 2500);
        },
        // spec 02 §8: '❌ Erreur lors de la création du ticket' (and the reason when the server gave one).
        onError: (error) =>
          setResult({
            kind: 'error',
            text: error instanceof ApiError && error.status === 400 ? partnerMessage(error) : t('messages.TICKET_ERROR'),
          }),
      },
    );
  }

  const promises: [string, string][] = [
    [t('support.new.promises.urgent'), t('support.new.promises.urgentTime')],
    [t('support.new.promises.business'), t('support.new.promises.businessTime')],
    [t('support.new.promises.general'), t('support.new.promises.generalTime')],
    [t('support.new.promises.improvement'), t('support.new.promises.improvementTime')],
  ];

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle className="text-base">{t('support.new.title')}</CardTitle>
          <CardDescription>{t('support.new.text')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4" data-testid="ticket-form">
            {result && (
              <Alert variant={result.kind} data-testid={result.kind === 'success' ? 'ticket-success' : 'ticket-error'}>
                {result.text}
              </Alert>
            )}
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Field label={t('support.new.category')}>
                {(c) => (
                  <NativeSelect
                    {...c}
                    name="category"
                    value={values.category}
                    onChange={(e) => setValues((v) => ({ ...v, category: e.target.value as typeof v.category }))}
                  >
                    {PARTNER_TICKET_CATEGORIES.map((category) => (
                      <option key={category} value={category}>
                        {t(`ticketCategory.${category}`)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
              <Field label={t('support.new.priority')}>
                {(c) => (
                  <NativeSelect
                    {...c}
                    name="priority"
                    value={values.priority}
                    onChange={(e) => setValues((v) => ({ ...v, priority: e.target.value as typeof v.priority }))}
                  >
                    {TICKET_PRIORITIES.map((priority) => (
                      <option key={priority} value={priority}>
                        {t(`ticketPriority.${priority}`)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
            </div>
            <Field label={t('support.new.subject')}>
              {(c) => <Input {...c} name="title" dir="auto" value={values.title} onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))} maxLength={200} />}
            </Field>
            <Field label={t('support.new.description')}>
              {(c) => (
                <Textarea
                  {...c}
                  name="description" dir="auto"
                  value={values.description}
                  onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
                  rows={6}
                  maxLength={5000}
                  placeholder={t('support.new.descriptionPlaceholder')}
                />
              )}
            </Field>
            <div className="grid grid-cols-1 gap-2">
              <div className="flex flex-wrap items-center gap-2">
                <Button type="button" variant="outline" size="sm" onClick={() => fileRef.current?.click()} disabled={files.length >= TICKET_ATTACHMENT_MAX_FILES}>
                  <Paperclip aria-hidden />
                  {t('support.new.attach')}
                </Button>
                <span className="text-xs text-muted-foreground">{t('support.new.attachHint')}</span>
              </div>
              <input
                ref={fileRef}
                type="file"
                multiple
                accept={ACCEPTED_FILES}
                className="sr-only"
                tabIndex={-1}
                aria-hidden
                onChange={(e) => addFiles(e.target.files)}
              />
              {files.length > 0 && (
                <ul className="flex flex-wrap gap-2">
                  {files.map((file, index) => (
                    <li key={`${file.name}-${index}`} className="inline-flex max-w-64 items-center gap-1 rounded-md border border-border bg-muted px-2 py-1 text-xs">
                      <span className="truncate">{file.name}</span>
                      <button
                        type="button"
                        onClick={() => setFiles((list) => list.filter((_, i) => i !== index))}
                        aria-label={t('support.new.removeFile', { name: file.name })}
                        className="rounded p-0.5 hover:bg-card"
                      >
                        <X aria-hidden className="size-3" />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {values.priority === 'urgent' && (
              <Alert variant="error">
                {t('support.new.urgentNotice')}{' '}
                {SUPPORT_PHONE && (
                  <a href={telHref(SUPPORT_PHONE)} className="font-semibold underline" dir="ltr">
                    {SUPPORT_PHONE}
                  </a>
                )}
              </Alert>
            )}
            <Button type="submit" size="lg" disabled={blank || create.isPending} loading={create.isPending} data-testid="ticket-submit">
              {!create.isPending && <Send aria-hidden />}
              {t('support.new.submit')}
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card className="h-fit bg-muted/40">
        <CardHeader className="pb-3">
          <CardTitle className="flex items-center gap-2 text-base">
            <Timer aria-hidden className="size-5 text-primary" />
            {t('support.new.promisesTitle')}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-1 gap-2 text-sm">
            {promises.map(([label, time]) => (
              <div key={label} className="flex items-center justify-between gap-3">
                <dt>{label}</dt>
                <dd className="font-semibold">{time}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}

const SERVICE_TONES = { operational: 'success', degraded: 'warning', down: 'danger' } as const;
const OVERALL_TONES: Record<TSystemStatus['overall'], 'success' | 'warning' | 'danger'> = { healthy: 'success', degraded: 'warning', down: 'danger' };

function formatUptime(seconds: number, t: ReturnType<typeof usePartnerTranslation>['t']): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return t('support.status.uptimeDays', { days, hours });
  if (hours > 0) return t('support.status.uptimeHours', { hours, minutes });
  return t('support.status.uptimeMinutes', { minutes });
}

const KNOWN_SERVICES = ['database', 'scanner', 'email', 'payments', 'jobs'] as const;

function serviceName(t: ReturnType<typeof usePartnerTranslation>['t'], key: string, name: string): string {
  return (KNOWN_SERVICES as readonly string[]).includes(key) ? t(`support.status.services.${key as (typeof KNOWN_SERVICES)[number]}`) : name;
}

function StatusTab() {
  const { t, locale } = usePartnerTranslation();
  const status = useSystemStatus();
  const data = status.data;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
          <div className="space-y-1">
            <CardTitle className="text-base">{t('support.status.title')}</CardTitle>
            {data && <CardDescription>{t('support.status.checkedAt', { time: formatTime(data.checkedAt, locale) })}</CardDescription>}
          </div>
          <Button variant="outline" size="sm" onClick={() => void status.refetch()} loading={status.isFetching} data-testid="status-refresh">
            {!status.isFetching && <RefreshCw aria-hidden />}
            {t('support.status.refresh')}
          </Button>
        </CardHeader>
        <CardContent className="space-y-4">
          {status.isError && !data ? (
            <LoadError error={status.error} onRetry={() => void status.refetch()} />
          ) : !data ? (
            <Skeleton className="h-48" />
          ) : (
            <>
              <div className={cn('flex items-center gap-3 rounded-xl p-3', data.overall === 'healthy' ? 'bg-success/10' : data.overall === 'degraded' ? 'bg-secondary/20' : 'bg-destructive/10')}>
                <Activity aria-hidden className="size-5" />
                <p className="font-semibold" data-testid="status-overall">
                  {t(`support.status.overall.${data.overall}`)}
                </p>
                <ToneBadge tone={OVERALL_TONES[data.overall]} className="ms-auto">
                  {t(`support.status.overallShort.${data.overall}`)}
                </ToneBadge>
              </div>
              <ul className="divide-y divide-border" data-testid="status-services">
                {data.services.map((service) => (
                  <li key={service.key} className="flex flex-wrap items-center justify-between gap-2 py-3">
                    <div className="min-w-0">
                      <p className="font-medium">{serviceName(t, service.key, service.service)}</p>
                      <p className="text-xs text-muted-foreground">{service.detail}</p>
                    </div>
                    <ToneBadge tone={SERVICE_TONES[service.status]}>{t(`serviceStatus.${service.status}`)}</ToneBadge>
                  </li>
                ))}
              </ul>
              <p className="text-xs text-muted-foreground">{t('support.status.instanceUptime', { uptime: formatUptime(data.instanceUptimeSeconds, t) })}</p>
            </>
          )}
        </CardContent>
      </Card>
      <Card className="h-fit bg-muted/40">
        <CardHeader className="pb-3">
          <CardTitle className="flex items-center gap-2 text-base">
            <Clock aria-hidden className="size-5 text-primary" />
            {t('support.status.slaTitle')}
          </CardTitle>
          <CardDescription>{t('support.status.slaText')}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-1 gap-2 text-sm">
            <div className="flex items-center justify-between gap-3">
              <dt>{t('support.status.slaUptime')}</dt>
              <dd className="font-semibold">99,9 %</dd>
            </div>
            <div className="flex items-center justify-between gap-3">
              <dt>{t('support.status.slaValidation')}</dt>
              <dd className="font-semibold">{t('support.status.slaValidationValue')}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}

function ContactTab() {
  const { t } = usePartnerTranslation();
  const hours: [string, string][] = [
    [t('support.contact.hours.hotline'), t('support.contact.hours.hotlineValue')],
    [t('support.contact.hours.technical'), t('support.contact.hours.technicalValue')],
    [t('support.contact.hours.weekend'), t('support.contact.hours.weekendValue')],
  ];
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Card className="border-destructive/40">
        <CardHeader className="pb-3">
          <CardTitle className="flex items-center gap-2 text-base">
            <Phone aria-hidden className="size-5 text-destructive" />
            {t('support.contact.hotline')}
          </CardTitle>
          <CardDescription>{t('support.contact.hotlineText')}</CardDescription>
        </CardHeader>
        <CardContent>
          {SUPPORT_PHONE ? (
            <Button asChild variant="destructive" size="lg" className="w-full">
              <a href={telHref(SUPPORT_PHONE)} dir="ltr">
                <Phone aria-hidden />
                {SUPPORT_PHONE}
              </a>
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">{t('support.contact.noPhone')}</p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="pb-3">
          <CardTitle className="flex items-center gap-2 text-base">
            <Mail aria-hidden className="size-5 text-primary" />
            {t('support.contact.email')}
          </CardTitle>
          <CardDescription>{t('support.contact.emailText')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline" size="lg" className="w-full">
            <a href={`mailto:${SUPPORT_EMAIL}`} dir="ltr">
              <Mail aria-hidden />
              {SUPPORT_EMAIL}
            </a>
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="pb-3">
          <CardTitle className="flex items-center gap-2 text-base">
            <Headset aria-hidden className="size-5 text-primary" />
            {t('support.contact.ticket')}
          </CardTitle>
          <CardDescription>{t('support.contact.ticketText')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline" size="lg" className="w-full">
            <Link to={`${paths.partner.support}?tab=new`}>
              <LifeBuoy aria-hidden />
              {t('support.tabs.new')}
            </Link>
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="pb-3">
          <CardTitle className="flex items-center gap-2 text-base">
            <BookOpen aria-hidden className="size-5 text-primary" />
            {t('support.contact.hoursTitle')}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-1 gap-2 text-sm">
            {hours.map(([label, value]) => (
              <div key={label} className="flex items-center justify-between gap-3">
                <dt>{label}</dt>
                <dd className="font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
