import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

/** The demo mailbox's strings: their own i18next namespace, registered when the feature loads. */
const NS = 'mailbox';

// Type check: ar.json must translate every key that French has.
const arResources: typeof fr = ar;
i18n.addResourceBundle('fr', NS, fr, true, true);
i18n.addResourceBundle('ar', NS, arResources, true, true);

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MailboxKey = Leaves<typeof fr>;
export type MailboxT = (key: MailboxKey, options?: Record<string, unknown>) => string;

export function useMailboxTranslation(): { t: MailboxT; locale: 'fr' | 'ar' } {
  const { i18n: instance } = useTranslation(); // re-renders on language change
  const language = instance.resolvedLanguage;
  const t = useCallback<MailboxT>(
    (key, options) => instance.t(key as never, { ...options, ns: NS, lng: language }) as unknown as string,
    [instance, language],
  );
  return { t, locale: language === 'ar' ? 'ar' : 'fr' };
}

/** A template's label, or its code for templates added after this list. */
export function templateLabel(t: MailboxT, template: string): string {
  return template in fr.templates ? t(`templates.${template as keyof typeof fr.templates}`) : template;
}
