import { ADMIN_MESSAGES, TWO_FACTOR_MESSAGES } from '@farha/contracts/admin';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { bilingualMessage, i18n } from '@/lib/i18n';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

/** The back office's strings: the i18next namespace 'backoffice', registered when the feature loads. */
const NS = 'backoffice';
// Type check: ar.json must translate every key that French has.
const arResources: typeof fr = ar;
i18n.addResourceBundle('fr', NS, fr, true, true);
i18n.addResourceBundle('ar', NS, arResources, true, true);

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type PluralFree<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;
export type AdminKey = PluralFree<Leaves<typeof fr>>;
export type AdminT = (key: AdminKey, options?: Record<string, unknown>) => string;
export type AdminLocale = 'fr' | 'ar';

export function useAdminTranslation(): { t: AdminT; locale: AdminLocale } {
  const { i18n: instance } = useTranslation();
  const language = instance.resolvedLanguage;
  const t = useCallback<AdminT>(
    (key, options) => instance.t(key as never, { ...options, ns: NS, lng: language }) as unknown as string,
    [instance, language],
  );
  return { t, locale: language === 'ar' ? 'ar' : 'fr' };
}

/** A server answer or failure in the active language: errors by their catalogue code, successes by text. */
// The staff profile's successes (/admin/profile), as the server words them.
const PROFILE_MESSAGES = {
  PROFILE_SAVED: { fr: 'Profil mis à jour avec succès !', ar: 'تم تحديث الملف الشخصي بنجاح!' },
  PASSWORD_SAVED: { fr: 'Mot de passe modifié avec succès !', ar: 'تم تغيير كلمة المرور بنجاح!' },
} as const;

export function adminMessage(source: unknown): string {
  return bilingualMessage(source, { ...ADMIN_MESSAGES, ...TWO_FACTOR_MESSAGES, ...PROFILE_MESSAGES });
}
