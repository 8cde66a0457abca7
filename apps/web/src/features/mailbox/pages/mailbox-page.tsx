import { Inbox, RefreshCw, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SearchInput } from '@/components/ui/search-input';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDemoMode, useMailbox, useSmsBox } from '../api/mailbox';
import { SmsList } from '../components/sms-list';
import { formatShortDateTime as formatDateTime } from '@/lib/dates';
import { MailStatusBadge } from '../components/mail-status-badge';
import { MessageView } from '../components/message-view';
import { templateLabel, useMailboxTranslation } from '../i18n';

const SEARCH_DELAY_MS = 300;

/**
 * /demo/mailbox (back-office roles, demo mode only): every e-mail the system sent, refreshed every
 * 5 s; `?message=<id>` opens one, `?to=` filters by recipient.
 */
export function MailboxPage() {
  const { t } = useMailboxTranslation();
  const [searchParams] = useSearchParams();
  const messageId = searchParams.get('message');
  useDocumentTitle(t('list.title'));

  if (messageId) {
    const back = new URLSearchParams(searchParams);
    back.delete('message');
    const query = back.toString();
    return <MessageView id={messageId} backTo={query ? `${paths.demoMailbox}?${query}` : paths.demoMailbox} />;
  }
  return <MessageList />;
}

function MessageList() {
  const { t, locale } = useMailboxTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const recipient = searchParams.get('to') ?? '';
  const [search, setSearch] = useState(recipient);
  const demoMode = useDemoMode();
  const mailbox = useMailbox(recipient, demoMode.data === true);
  const smsBox = useSmsBox(recipient, demoMode.data === true);

  // The filter follows the typing after a short pause, and lives in the URL (shareable, survives reload).
  useEffect(() => {
    const value = search.trim();
    if (value === recipient) return;
    const timer = window.setTimeout(
      () =>
        setSearchParams(
          (params) => {
            const next = new URLSearchParams(params);
            if (value) next.set('to', value);
            else next.delete('to');
            return next;
          },
          { replace: true },
        ),
      SEARCH_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [search, recipient, setSearchParams]);

  const messages = mailbox.data?.messages;
  const openHref = (id: string) => {
    const params = new URLSearchParams(searchParams);
    params.set('message', id);
    return `${paths.demoMailbox}?${params}`;
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <span className="inline-flex items-center gap-2 text-xs text-muted-foreground">
            <RefreshCw aria-hidden className={mailbox.isFetching ? 'size-3.5 animate-spin' : 'size-3.5'} />
            {t('list.autoRefresh')}
          </span>
        }
      />

      {demoMode.data === false ? (
        <Alert data-testid="mailbox-demo-only">{t('list.demoOnly')}</Alert>
      ) : (
        <>
          <SearchInput
            frameClassName="max-w-md"
            id="mailbox-search"
            name="to"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('list.searchPlaceholder')}
            aria-label={t('list.search')}
            className="pe-10"
            data-testid="mailbox-search"
          >
            {search && (
              <button
                type="button"
                onClick={() => setSearch('')}
                aria-label={t('list.clear')}
                title={t('list.clear')}
                className="absolute inset-y-0 end-0 inline-flex w-10 items-center justify-center rounded-e-lg text-muted-foreground hover:text-foreground"
              >
                <X aria-hidden className="size-4" />
              </button>
            )}
          </SearchInput>

          {mailbox.isError && !messages ? (
            <Alert variant="error">
              <div className="flex flex-wrap items-center justify-between gap-3">
                {t('list.loadError')}
                <Button variant="outline" size="sm" onClick={() => void mailbox.refetch()}>
                  {t('list.retry')}
                </Button>
              </div>
            </Alert>
          ) : !messages ? (
            <div className="grid gap-2">
              {Array.from({ length: 5 }, (_, index) => (
                <Skeleton key={index} className="h-16" />
              ))}
            </div>
          ) : messages.length === 0 ? (
            <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="mailbox-empty">
              <Inbox aria-hidden className="size-10 text-muted-foreground" />
              <p className="text-muted-foreground">
                {recipient ? t('list.emptySearch', { query: recipient }) : t('list.empty')}
              </p>
            </Card>
          ) : (
            <section aria-labelledby="mailbox-count" className="space-y-2">
              <p id="mailbox-count" className="text-sm text-muted-foreground" aria-live="polite">
                {t('list.count', { count: messages.length })}
              </p>
              <Card className="overflow-hidden">
                <div
                  aria-hidden
                  className="hidden grid-cols-[minmax(0,1.1fr)_minmax(0,2fr)_9rem_7.5rem_9.5rem] gap-4 border-b border-border bg-muted/60 px-4 py-2.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground md:grid"
                >
                  <span>{t('list.to')}</span>
                  <span>{t('list.subject')}</span>
                  <span>{t('list.template')}</span>
                  <span>{t('list.status')}</span>
                  <span>{t('list.date')}</span>
                </div>
                <ul className="divide-y divide-border">
                  {messages.map((mail) => (
                    <li key={mail.id}>
                      <Link
                        to={openHref(mail.id)}
                        data-testid="mailbox-row"
                        className="grid gap-1.5 px-4 py-3 transition-colors hover:bg-muted/60 md:grid-cols-[minmax(0,1.1fr)_minmax(0,2fr)_9rem_7.5rem_9.5rem] md:items-center md:gap-4"
                      >
                        <span dir="ltr" className="truncate text-sm font-medium rtl:text-end">
                          <span className="sr-only">{t('list.to')} : </span>
                          {mail.to}
                        </span>
                        <span dir="auto" className="truncate text-start font-semibold md:font-normal">
                          {mail.subject}
                        </span>
                        <span className="text-xs text-muted-foreground md:text-sm">{templateLabel(t, mail.template)}</span>
                        <span className="flex items-center justify-between gap-3 md:contents">
                          <MailStatusBadge status={mail.status} />
                          <span className="text-xs tabular-nums text-muted-foreground md:text-sm">
                            {formatDateTime(mail.createdAt, locale)}
                          </span>
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </Card>
            </section>
          )}
          {smsBox.data && <SmsList messages={smsBox.data.messages} />}
        </>
      )}
    </div>
  );
}
