import type { TSmsMessage } from '@farha/contracts/sms';
import { formatPhone } from '@farha/contracts/plain/phone';
import { MessageSquareText } from 'lucide-react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatShortDateTime } from '@/lib/dates';
import { smsKindLabel, useMailboxTranslation } from '../i18n';

const VARIANTS: Record<TSmsMessage['status'], BadgeProps['variant']> = {
  queued: 'muted',
  sending: 'secondary',
  sent: 'accent',
  // Written to a file (SMS_PROVIDER=file): no phone got it (ADR 017).
  written: 'secondary',
  delivered: 'accent',
  failed: 'destructive',
};

/** Issue 25: the texts Farha sent (SMS_PROVIDER=file writes each one under DATA_DIR/sms), as a phone shows them. */
export function SmsList({ messages }: { messages: TSmsMessage[] }) {
  const { t, locale } = useMailboxTranslation();
  return (
    <section aria-labelledby="sms-title" className="space-y-2" data-testid="sms-box">
      <h2 id="sms-title" className="flex items-center gap-2 text-lg font-semibold">
        <MessageSquareText aria-hidden className="size-5 text-primary" />
        {t('sms.title')}
        <span className="text-sm font-normal text-muted-foreground">({messages.length})</span>
      </h2>
      {messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('sms.empty')}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {messages.map((sms) => (
            <li key={sms.id}>
              <Card className="grid gap-3 p-4" data-testid="sms-row">
                <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span dir="ltr" className="font-medium tabular-nums">
                    {formatPhone(sms.to)}
                  </span>
                  <Badge variant={VARIANTS[sms.status]} data-status={sms.status}>
                    {t(`sms.status.${sms.status}`)}
                  </Badge>
                </div>
                <p
                  dir={sms.locale === 'ar' ? 'rtl' : 'ltr'}
                  lang={sms.locale}
                  className="whitespace-pre-wrap break-words rounded-2xl rounded-ss-sm bg-muted px-4 py-3 text-sm leading-relaxed"
                >
                  {sms.body}
                </p>
                <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
                  <span>{smsKindLabel(t, sms.kind)}</span>
                  <span>{t('sms.parts', { count: sms.segments, encoding: sms.encoding })}</span>
                  <span className="tabular-nums">{formatShortDateTime(sms.createdAt, locale)}</span>
                  {sms.error && <span className="text-destructive">{sms.error}</span>}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

