import { registerNamespace, type Translate, type TranslationKey } from '@/lib/translation';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

/** The demo mailbox's strings: their own namespace, registered when the feature loads. */
const NS = 'mailbox';

// Type check: ar.json must translate every key that French has.
const arResources: typeof fr = ar;

export type MailboxKey = TranslationKey<typeof fr>;
export type MailboxT = Translate<typeof fr>;

export const useMailboxTranslation = registerNamespace(NS, fr, arResources);

/** A template's label, or its code for templates added after this list. */
export function templateLabel(t: MailboxT, template: string): string {
  return template in fr.templates ? t(`templates.${template as keyof typeof fr.templates}`) : template;
}

/** What a text is about, or its code for kinds added after this list. */
export function smsKindLabel(t: MailboxT, kind: string): string {
  return kind in fr.sms.kinds ? t(`sms.kinds.${kind as keyof typeof fr.sms.kinds}`) : kind;
}
