import { Mail, MapPin, MessagesSquare, Phone } from 'lucide-react';
import { ContactCard, OpeningHours } from '@/components/help-centre/contact';
import { Button } from '@/components/ui/button';
import { SUPPORT_EMAIL, SUPPORT_PHONE, telHref } from '@/lib/site';
import { useCustomerT } from '../i18n';

/** Contact tab (spec 01 §2): conversation, phone, e-mail, head office, opening hours. Only real channels. */
export function ContactTab({ onStartConversation }: { onStartConversation: () => void }) {
  const { t } = useCustomerT();
  const hours = [
    { label: t('support.contact.days.weekdays'), value: t('support.contact.weekdayHours') },
    { label: t('support.contact.days.saturday'), value: t('support.contact.saturdayHours') },
    { label: t('support.contact.days.sunday'), value: t('support.contact.closed') },
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
      <OpeningHours title={t('support.contact.hours')} rows={hours} />
    </div>
  );
}
