import { Mail, MapPin, MessagesSquare, Phone } from 'lucide-react';
import { ContactCard, OpeningHours } from '@/components/help-centre/contact';
import { LiveChatButton } from '@/components/help-centre/live-chat-button';
import { Button } from '@/components/ui/button';
import { supportHoursRows, supportHoursText } from '@farha/contracts/plain/support';
import { telHref, useSupportContact } from '@/lib/site';
import { useCustomerT } from '../i18n';

/** Contact tab (docs/product/support.md §2): conversation, phone, e-mail, head office, opening hours. Only real channels. */
export function ContactTab({ onStartConversation }: { onStartConversation: () => void }) {
  const { t, locale } = useCustomerT();
  const contact = useSupportContact();
  // The desk's own hours (the SLA counts these): every page says the same.
  const hours = supportHoursRows(locale, t('support.contact.closed'));
  return (
    <div className="grid gap-4" data-testid="contact-tab">
      <div>
        <h2 className="text-lg font-semibold">{t('support.contact.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('support.contact.intro')}</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <ContactCard icon={MessagesSquare} title={t('support.contact.chat')}>
          <p className="text-sm text-muted-foreground">{t('support.contact.chatText')}</p>
          <div className="flex flex-wrap gap-2">
            {/* Their words wrap on a narrow phone (the card is the screen's width less its margins). */}
            <LiveChatButton size="sm" className="h-auto min-h-8 whitespace-normal text-start" label={t('support.contact.liveChat')} />
            <Button size="sm" variant="outline" className="h-auto min-h-8 whitespace-normal text-start" onClick={onStartConversation}>
              {t('support.contact.chatAction')}
            </Button>
          </div>
        </ContactCard>
        <ContactCard icon={Phone} title={t('support.contact.phone')}>
          {contact.phone ? (
            <>
              <a href={telHref(contact.phone)} className="font-semibold text-primary underline-offset-4 hover:underline">
                <bdi dir="ltr">{contact.phone}</bdi>
              </a>
              <p className="text-sm text-muted-foreground">{supportHoursText(locale)}</p>
            </>
          ) : (
            <p className="text-sm text-muted-foreground">{t('support.contact.phoneSoon')}</p>
          )}
        </ContactCard>
        <ContactCard icon={Mail} title={t('support.contact.email')}>
          <a href={`mailto:${contact.email}`} className="font-semibold text-primary underline-offset-4 hover:underline">
            <bdi dir="ltr">{contact.email}</bdi>
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
