import { Clock, Mail, MapPin, MessagesSquare, Phone } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SUPPORT_EMAIL, SUPPORT_PHONE, telHref } from '@/lib/site';
import { useCustomerT } from '../i18n';

function ContactCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <Card className="flex gap-4 p-5">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0 space-y-1.5">
        <h3 className="font-semibold">{title}</h3>
        {children}
      </div>
    </Card>
  );
}

/** Contact tab (spec 01 §2): conversation, phone, e-mail, head office, opening hours. Only real channels. */
export function ContactTab({ onStartConversation }: { onStartConversation: () => void }) {
  const { t } = useCustomerT();
  const hours = [
    { day: t('support.contact.days.weekdays'), hours: t('support.contact.weekdayHours') },
    { day: t('support.contact.days.saturday'), hours: t('support.contact.saturdayHours') },
    { day: t('support.contact.days.sunday'), hours: t('support.contact.closed') },
  ];
  return (
    <div className="grid gap-4" data-testid="contact-tab">
      <div>
        <h2 className="text-lg font-semibold">{t('support.contact.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('support.contact.intro')}</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <ContactCard icon={MessagesSquare} title={t('support.contact.chat')}>
          <p className="text-sm text-muted-foreground">{t('support.contact.chatText')}</p>
          <Button size="sm" onClick={onStartConversation}>
            {t('support.contact.chatAction')}
          </Button>
        </ContactCard>
        <ContactCard icon={Phone} title={t('support.contact.phone')}>
          {SUPPORT_PHONE ? (
            <a href={telHref(SUPPORT_PHONE)} className="font-semibold text-primary underline-offset-4 hover:underline">
              <bdi dir="ltr">{SUPPORT_PHONE}</bdi>
            </a>
          ) : (
            <p className="text-sm text-muted-foreground">{t('support.contact.phoneSoon')}</p>
          )}
          <p className="text-sm text-muted-foreground">{t('support.contact.phoneHours')}</p>
        </ContactCard>
        <ContactCard icon={Mail} title={t('support.contact.email')}>
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-primary underline-offset-4 hover:underline">
            <bdi dir="ltr">{SUPPORT_EMAIL}</bdi>
          </a>
          <p className="text-sm text-muted-foreground">{t('support.contact.emailText')}</p>
        </ContactCard>
        <ContactCard icon={MapPin} title={t('support.contact.office')}>
          <p className="text-sm">{t('support.contact.officeText')}</p>
        </ContactCard>
      </div>
      <Card className="p-5">
        <h3 className="mb-3 flex items-center gap-2 font-semibold">
          <Clock aria-hidden className="size-5 text-primary" />
          {t('support.contact.hours')}
        </h3>
        <dl className="grid max-w-sm gap-2 text-sm">
          {hours.map((row) => (
            <div key={row.day} className="flex justify-between gap-4 border-b border-border pb-2 last:border-0 last:pb-0">
              <dt>{row.day}</dt>
              <dd className="font-medium">{row.hours}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}
