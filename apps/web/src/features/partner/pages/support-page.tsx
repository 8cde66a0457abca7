import { PARTNER_TICKET_CATEGORIES, ZCreatePartnerTicket, type TCreatePartnerTicket, type TSystemStatus } from '@farha/contracts/partner';
import { TICKET_PRIORITIES } from '@farha/contracts/support';
import {
  Activity,
  CircleHelp,
  Clock,
  Headset,
  LifeBuoy,
  Mail,
  MessageSquarePlus,
  MessagesSquare,
  Phone,
  RefreshCw,
  Scale,
  Send,
  Siren,
  Ticket,
  Timer,
} from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AttachmentPicker } from '@/components/help-centre/attachment-picker';
import { ContactCard, OpeningHours } from '@/components/help-centre/contact';
import { LiveChatButton } from '@/components/help-centre/live-chat-button';
import { useFaqView } from '@/components/help-centre/faq-api';
import { FaqItem, type FaqApi } from '@/components/help-centre/faq';
import { TicketDialog, TicketList, type TicketApi } from '@/components/help-centre/tickets';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { formatUptime } from '@/lib/durations';
import { supportHoursRows } from '@farha/contracts/plain/support';
import { wordsMatcher } from '@farha/contracts/search-words';
import { telHref, useSupportContact } from '@/lib/site';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  useCreateTicket,
  useFaqVote,
  usePartnerFaq,
  usePartnerTicket,
  usePartnerTickets,
  useReplyTicket,
  useSystemStatus,
} from '../api/support';
import { EmptyState } from '../components/empty-state';
import { NativeSelect, SelectOptions } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { LoadError } from '../components/page-states';
import { PageTabsList, PageTabsTrigger } from '../components/page-tabs';
import { DisputesTab } from '../components/disputes-tab';
import { ToneBadge } from '../components/status-badges';
import { ticketCategoryLabel, usePartnerHelpTexts } from '../components/help-centre-texts';
import { partnerMessage, usePartnerTranslation } from '../i18n';
import { formatTime } from '@/lib/dates';
import { frenchSpaces } from '../lib/format';
import { errorTextOf } from '@/lib/i18n';

const TABS = ['faq', 'tickets', 'new', 'disputes', 'status', 'contact'] as const;
type Tab = (typeof TABS)[number];

/** /partenaire/support (docs/product/support.md §2, §3). */
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

const PARTNER_FAQ: FaqApi = { useView: useFaqView, useVote: useFaqVote };

function FaqTab({ onNewTicket, onContact }: { onNewTicket: () => void; onContact: () => void }) {
  const contact = useSupportContact();
  const { t } = usePartnerTranslation();
  const texts = usePartnerHelpTexts();
  const faq = usePartnerFaq();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const entries = useMemo(() => {
    // The same word-form search as the public help centre's (« rembourser » finds « remboursé »).
    const matches = wordsMatcher(query);
    return (faq.data?.entries ?? []).filter(
      (entry) => (!category || entry.category === category) && matches(`${entry.question} ${entry.answer}`),
    );
  }, [faq.data, query, category]);

  const quick = [
    { icon: Siren, title: t('support.faq.quick.urgent'), text: t('support.faq.quick.urgentText'), onClick: onContact },
    { icon: MessageSquarePlus, title: t('support.faq.quick.ticket'), text: t('support.faq.quick.ticketText'), onClick: onNewTicket },
    { icon: Mail, title: t('support.faq.quick.email'), text: contact.email, href: `mailto:${contact.email}` },
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
        <SearchInput
          name="faqSearch" dir="auto"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('support.faq.search')}
          aria-label={t('support.faq.search')}
        />
        <NativeSelect name="faqCategory" value={category} onChange={(e) => setCategory(e.target.value)} aria-label={t('support.faq.category')}>
          <option value="">{t('support.faq.allCategories')}</option>
          {(faq.data?.categories ?? []).map((entry) => (
            <option key={entry.category} value={entry.category}>
              {ticketCategoryLabel(t, entry.category)} ({entry.count})
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
              <FaqItem entry={entry} api={PARTNER_FAQ} texts={texts} formatText={frenchSpaces} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const PARTNER_TICKETS: TicketApi = { useTicket: usePartnerTicket, useReply: useReplyTicket };

function TicketsTab({ onNew }: { onNew: () => void }) {
  const { t } = usePartnerTranslation();
  const texts = usePartnerHelpTexts();
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
      <TicketList tickets={tickets.data.tickets} onOpen={setOpenId} texts={texts} />
      <TicketDialog ticketId={openId} onOpenChange={(open) => !open && setOpenId(null)} api={PARTNER_TICKETS} texts={texts} />
    </>
  );
}

const EMPTY_TICKET: Required<TCreatePartnerTicket> = { title: '', description: '', category: 'scanner', priority: 'medium' };

function NewTicketTab({ onCreated }: { onCreated: (ticketId: string) => void }) {
  const { partnerHotline } = useSupportContact();
  const { t } = usePartnerTranslation();
  const texts = usePartnerHelpTexts();
  const create = useCreateTicket();
  const [values, setValues] = useState<Required<TCreatePartnerTicket>>(EMPTY_TICKET);
  const [files, setFiles] = useState<File[]>([]);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  // docs/product/support.md §3: the create button stays disabled while the subject or the description is empty.
  const blank = !values.title.trim() || !values.description.trim();

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
          window.setTimeout(() => onCreated(answer.ticket.id), 2500);
        },
        // docs/product/support.md §3: '❌ Erreur lors de la création du ticket' (and the reason when the server gave one).
        onError: (error) =>
          setResult({
            kind: 'error',
            text: error instanceof ApiError && error.status === 400 ? partnerMessage(error) : errorTextOf('PARTNER_TICKET_ERROR'),
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
                    <SelectOptions values={PARTNER_TICKET_CATEGORIES} label={(category) => t(`ticketCategory.${category}`)} />
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
                    <SelectOptions values={TICKET_PRIORITIES} label={(priority) => t(`ticketPriority.${priority}`)} />
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
            <AttachmentPicker texts={texts} files={files} onChange={setFiles} />
            {values.priority === 'urgent' && partnerHotline && (
              <Alert variant="error">
                {t('support.new.urgentNotice')}{' '}
                <a href={telHref(partnerHotline)} className="font-semibold underline" dir="ltr">
                  {partnerHotline}
                </a>
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

const KNOWN_SERVICES = ['database', 'scanner', 'email', 'payments', 'jobs'] as const;

function serviceName(t: ReturnType<typeof usePartnerTranslation>['t'], key: string, name: string): string {
  return (KNOWN_SERVICES as readonly string[]).includes(key) ? t(`support.status.services.${key as (typeof KNOWN_SERVICES)[number]}`) : name;
}

type PartnerT = ReturnType<typeof usePartnerTranslation>['t'];

/** A service's state in the reader's language, from its code and figures (the server's French otherwise). */
function serviceDetail(t: PartnerT, service: TSystemStatus['services'][number]): string {
  const p = service.detailParams;
  const n = (key: string) => (typeof p[key] === 'number' ? (p[key] as number) : 0);
  switch (service.detailCode) {
    case 'db_response':
      return t('support.status.details.db_response', { ms: n('ms').toFixed(1) });
    case 'db_down':
    case 'scanner_ok':
    case 'scanner_down':
    case 'email_down':
    case 'payments_sandbox':
    case 'jobs_on':
    case 'jobs_off':
      return t(`support.status.details.${service.detailCode}`);
    case 'payments_chargily':
      return t(p.mode === 'live' ? 'support.status.details.payments_live' : 'support.status.details.payments_test');
    case 'email_queue': {
      const minutes = typeof p.lastSentMinutes === 'number' ? p.lastSentMinutes : null;
      const hours = Math.round((minutes ?? 0) / 60);
      const lastSent =
        minutes === null
          ? t('support.status.details.noRecentSend')
          : minutes < 1
            ? t('support.status.details.lastSentNow')
            : minutes < 60
              ? t('support.status.details.lastSentMinutes', { count: minutes })
              : hours < 48
                ? t('support.status.details.lastSentHours', { count: hours })
                : t('support.status.details.lastSentDays', { count: Math.round(hours / 24) });
      return [
        t('support.status.details.waiting', { count: n('waiting') }),
        lastSent,
        ...(n('failed') > 0 ? [t('support.status.details.failed', { count: n('failed') })] : []),
      ].join(' · ');
    }
    default:
      return service.detail;
  }
}

function StatusTab() {
  const { t, locale } = usePartnerTranslation();
  const { t: tApp } = useTranslation();
  const status = useSystemStatus();
  const data = status.data;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
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
                      <p className="text-xs text-muted-foreground">{serviceDetail(t, service)}</p>
                    </div>
                    <ToneBadge tone={SERVICE_TONES[service.status]}>{t(`serviceStatus.${service.status}`)}</ToneBadge>
                  </li>
                ))}
              </ul>
              <p className="text-xs text-muted-foreground">{t('support.status.instanceUptime', { uptime: formatUptime(data.instanceUptimeSeconds, tApp) })}</p>
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
  const { t, locale } = usePartnerTranslation();
  const contact = useSupportContact();
  // The hotline's round-the-clock hours only when there is a hotline; otherwise the desk's own hours (the SLA's).
  const hours = [
    ...(contact.partnerHotline ? [{ label: t('support.contact.hours.hotline'), value: t('support.contact.hours.hotlineValue') }] : []),
    ...supportHoursRows(locale, t('support.contact.hours.closed')),
  ];
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <ContactCard icon={Phone} title={t('support.contact.hotline')} tone="danger">
        {contact.partnerHotline ? (
          <>
            <p className="text-sm text-muted-foreground">{t('support.contact.hotlineText')}</p>
            <Button asChild variant="destructive" size="lg" className="w-full">
              <a href={telHref(contact.partnerHotline)} dir="ltr">
                <Phone aria-hidden />
                {contact.partnerHotline}
              </a>
            </Button>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{t('support.contact.noPhone')}</p>
        )}
      </ContactCard>
      <ContactCard icon={Mail} title={t('support.contact.email')}>
        <p className="text-sm text-muted-foreground">{t('support.contact.emailText')}</p>
        <Button asChild variant="outline" size="lg" className="w-full">
          <a href={`mailto:${contact.email}`} dir="ltr">
            <Mail aria-hidden />
            {contact.email}
          </a>
        </Button>
      </ContactCard>
      <ContactCard icon={MessagesSquare} title={t('support.contact.chat')}>
        <p className="text-sm text-muted-foreground">{t('support.contact.chatText')}</p>
        <LiveChatButton size="lg" className="w-full" label={t('support.contact.chatAction')} />
      </ContactCard>
      <ContactCard icon={Headset} title={t('support.contact.ticket')}>
        <p className="text-sm text-muted-foreground">{t('support.contact.ticketText')}</p>
        <Button asChild variant="outline" size="lg" className="w-full">
          <Link to={`${paths.partner.support}?tab=new`}>
            <LifeBuoy aria-hidden />
            {t('support.tabs.new')}
          </Link>
        </Button>
      </ContactCard>
      <OpeningHours title={t('support.contact.hoursTitle')} rows={hours} />
    </div>
  );
}

/** The new-ticket form, also shown in the public help centre (/support) to a signed-in partner. */
export { NewTicketTab as PartnerNewTicketForm };
