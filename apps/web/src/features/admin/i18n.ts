import { ADMIN_ERRORS, ADMIN_MESSAGES, SECURITY_ERRORS, TWO_FACTOR_MESSAGES } from '@farha/contracts/admin';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { errorMessage, i18n } from '@/lib/i18n';
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

type Texts = Record<string, { fr: string; ar: string }>;
const CATALOGUE: Texts = {
  ...ADMIN_ERRORS,
  ...ADMIN_MESSAGES,
  ...SECURITY_ERRORS,
  ...TWO_FACTOR_MESSAGES,
  PROFILE_SAVED: { fr: 'Profil mis à jour avec succès !', ar: 'تم تحديث الملف الشخصي بنجاح!' },
  PASSWORD_SAVED: { fr: 'Mot de passe modifié avec succès !', ar: 'تم تغيير كلمة المرور بنجاح!' },
  CURRENT_PASSWORD_WRONG: { fr: 'Mot de passe actuel incorrect', ar: 'كلمة المرور الحالية غير صحيحة' },
  PASSWORD_MISMATCH: { fr: 'Les nouveaux mots de passe ne correspondent pas', ar: 'كلمتا المرور الجديدتان غير متطابقتين' },
};
const BY_FRENCH = new Map(Object.values(CATALOGUE).map((m) => [m.fr, m]));

/**
 * A server answer or failure in the active language: the back-office catalogue (ADMIN_ERRORS,
 * ADMIN_MESSAGES) by code or by French text — 'Documents manquants: …' keeps its list — else the app's.
 */
export function adminMessage(source: unknown): string {
  const arabic = i18n.resolvedLanguage === 'ar';
  const text = source instanceof ApiError ? source.message : typeof source === 'string' ? source : null;
  if (text === null) return errorMessage(source);
  if (!arabic) return text;
  const byCode = source instanceof ApiError ? CATALOGUE[source.code] : undefined;
  if (byCode && text.startsWith(byCode.fr)) return byCode.ar + text.slice(byCode.fr.length);
  const byText = BY_FRENCH.get(text);
  if (byText) return byText.ar;
  return source instanceof ApiError ? errorMessage(source) : text;
}
