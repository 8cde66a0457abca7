import { ADMIN_MESSAGES, TWO_FACTOR_MESSAGES } from '@farha/contracts/admin';
import { bilingualMessage } from '@/lib/i18n';
import type { TLocale } from '@farha/contracts/auth';
import { registerNamespace, type Translate, type TranslationKey } from '@/lib/translation';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

// Type check: ar.json must translate every key that French has.
const arResources: typeof fr = ar;
/** The back office's strings: the i18next namespace 'backoffice', registered when the feature loads. */
const useAdminNamespace = registerNamespace('backoffice', fr, arResources);

export type AdminKey = TranslationKey<typeof fr>;
export type AdminT = Translate<typeof fr>;
export type AdminLocale = TLocale;

export function useAdminTranslation(): { t: AdminT; locale: AdminLocale } {
  return useAdminNamespace();
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
