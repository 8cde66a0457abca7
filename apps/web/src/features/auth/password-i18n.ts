import { ACCOUNT_MESSAGES } from '@farha/contracts/account';
import { ApiError } from '@/lib/api';
import { errorMessage, i18n, translateError } from '@/lib/i18n';
import { registerNamespace, type TranslationKey } from '@/lib/translation';
import ar from './locales/password.ar.json';
import fr from './locales/password.fr.json';

/** The password-reset strings (forgot dialog, /auth/reset): their own namespace. */
const NS = 'passwordReset';

// Type check: the Arabic bundle translates every key of the French one.
const arBundle: typeof fr = ar;

export type PasswordKey = TranslationKey<typeof fr>;

export const usePasswordT = registerNamespace(NS, fr, arBundle);

const KEY_BY_MESSAGE = new Map<string, keyof typeof fr.messages>(
  (Object.keys(fr.messages) as (keyof typeof fr.messages)[]).map((code) => [ACCOUNT_MESSAGES[code], code]),
);

/** An error (by its catalogue code) or the server's success message, in the active language. */
export function passwordMessage(source: unknown): string {
  const known = translateError(source);
  if (known !== null) return known;
  const message = source instanceof ApiError ? source.message : typeof source === 'string' ? source : null;
  if (message === null) return errorMessage(source);
  const code = KEY_BY_MESSAGE.get(message);
  if (code && i18n.resolvedLanguage === 'ar') return i18n.t(`messages.${code}` as never, { ns: NS }) as unknown as string;
  return message;
}
