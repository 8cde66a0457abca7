import { ADMIN_MESSAGES, TWO_FACTOR_MESSAGES } from '@farha/contracts/admin';
import type { TLocale } from '@farha/contracts/auth';
import { bilingualMessage } from '@/lib/i18n';
import { makeNamespaceHook, type Translate, type TranslationKey } from '@/lib/translation';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

/** The back office's strings: the namespace 'backoffice', registered when the feature loads. */
export const useAdminTranslation = makeNamespaceHook('backoffice', fr, ar);
export type AdminKey = TranslationKey<typeof fr>;
export type AdminT = Translate<typeof fr>;
export type AdminLocale = TLocale;

// The staff profile's successes (/admin/profile), as the server words them.
const PROFILE_MESSAGES = {
  PROFILE_SAVED: { fr: 'Profil mis à jour avec succès !', ar: 'تم تحديث الملف الشخصي بنجاح!' },
  PASSWORD_SAVED: { fr: 'Mot de passe modifié avec succès !', ar: 'تم تغيير كلمة المرور بنجاح!' },
} as const;

/** A server answer or failure in the active language: errors by their catalogue code, successes by text. */
export function adminMessage(source: unknown): string {
  return bilingualMessage(source, { ...ADMIN_MESSAGES, ...TWO_FACTOR_MESSAGES, ...PROFILE_MESSAGES });
}
