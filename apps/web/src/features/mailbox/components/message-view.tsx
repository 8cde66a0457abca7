import { ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api';
import { useMailboxMessage } from '../api/mailbox';
import { templateLabel, useMailboxTranslation } from '../i18n';
import { formatShortDateTime as formatDateTime } from '@/lib/dates';
import { MailStatusBadge } from './mail-status-badge';

/** Links in the message open in a new tab, out of the sandboxed frame. */
function withBaseTarget(html: string): string {
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`) : `${base}${html}`;
}

export function MessageView({ id, backTo }: { id: string; backTo: string }) {
  const { t, locale } = useMailboxTranslation();
  const message = useMailboxMessage(id);

  const back = (
    <Button asChild variant="link" className="h-auto px-0 text-muted-foreground">
      <Link to={backTo}>
        <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
        {t('message.back')}
      </Link>
    </Button>
  );

  if (message.error instanceof ApiError && (message.error.status === 404 || message.error.status === 400)) {
    return (
      <div className="space-y-4">
        {back}
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <SearchX aria-hidden className="size-10 text-muted-foreground" />
          <p className="text-lg font-semibold">{t('message.notFound')}</p>
          <Button asChild variant="outline">
            <Link to={paths.demoMailbox}>{t('message.back')}</Link>
          </Button>
        </Card>
      </div>
    );
  }
  if (!message.data) {
    return (
      <div className="space-y-4">
        {back}
        {message.isError ? <Alert variant="error">{t('message.loadError')}</Alert> : <Skeleton className="h-[32rem]" />}
      </div>
    );
  }

  const mail = message.data;
  return (
    <div className="space-y-4" data-testid="mailbox-message">
      {back}
      <Card className="space-y-4 p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <MailStatusBadge status={mail.status} />
          <span className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{templateLabel(t, mail.template)}</span>
        </div>
        <h1 dir="auto" className="text-start text-xl font-bold text-balance sm:text-2xl" data-testid="mailbox-subject">
          {mail.subject}
        </h1>
        <dl className="grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
          <dt className="text-muted-foreground">{t('message.to')}</dt>
          <dd dir="ltr" className="break-all font-medium rtl:text-end">
            {mail.to}
          </dd>
          <dt className="text-muted-foreground">{t('message.createdAt')}</dt>
          <dd>{formatDateTime(mail.createdAt, locale)}</dd>
          <dt className="text-muted-foreground">{t('message.sentAt')}</dt>
          <dd>{mail.sentAt ? formatDateTime(mail.sentAt, locale) : t('message.notSent')}</dd>
        </dl>
      </Card>

      <Tabs defaultValue="html">
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="html">{t('message.html')}</TabsTrigger>
          <TabsTrigger value="text">{t('message.text')}</TabsTrigger>
        </TabsList>
        <TabsContent value="html" className="space-y-3">
          <Alert>{t('message.cidNote')}</Alert>
          {/* No scripts, no same-origin access: the e-mail is shown, never run. */}
          <iframe
            title={t('message.frameTitle', { subject: mail.subject })}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            srcDoc={withBaseTarget(mail.html)}
            className="h-[75vh] min-h-[28rem] w-full rounded-xl border border-border bg-white"
            data-testid="mailbox-html"
          />
        </TabsContent>
        <TabsContent value="text">
          <pre
            dir="auto"
            className="max-h-[75vh] overflow-auto whitespace-pre-wrap break-words rounded-xl border border-border bg-card p-4 font-mono text-sm"
            data-testid="mailbox-text"
          >
            {mail.text}
          </pre>
        </TabsContent>
      </Tabs>
    </div>
  );
}
