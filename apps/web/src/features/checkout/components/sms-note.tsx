import { MessageSquareText } from 'lucide-react';
import { formatPhone, toE164 } from '@farha/contracts/plain/phone';
import { isolate } from '@/lib/bidi';
import { useCheckoutTranslation } from '../i18n';

/** A number as typed in the form or as stored (E.164), written `+213 555 12 34 56`. */
export function displayPhone(phone: string): string {
  const e164 = toE164(phone);
  return e164 ? formatPhone(e164) : phone.trim();
}

/**
 * Issue 34: « Envoyer aussi par SMS » said back to the buyer — in the checkout's recap and on the success
 * page — with the number the text goes to. Nothing when the gift goes by e-mail only.
 */
export function SmsNote({ sms, phone, className }: { sms: boolean; phone: string | null | undefined; className?: string }) {
  const { t } = useCheckoutTranslation();
  if (!sms || !phone?.trim()) return null;
  return (
    <p className={className} data-testid="sms-note">
      <MessageSquareText aria-hidden className="me-1.5 inline size-4 align-[-0.2em]" />
      {t('sms.also', { phone: isolate(displayPhone(phone)) })}
    </p>
  );
}
