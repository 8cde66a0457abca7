import { ACCOUNT_MESSAGES } from '@farha/contracts/account';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { errorMessage, i18n, localizeMessage } from '@/lib/i18n';
import ar from './locales/password.ar.json';
import fr from './locales/password.fr.json';

/** The password-reset strings (forgot dialog, /auth/reset): their own i18next namespace. */
const NS = 'passwordReset';

// Type check: the Arabic bundle translates every key of the French one.
const arBundle: typeof fr = ar;
i18n.addResourceBundle('fr', NS, fr, true, true);
i18n.addResourceBundle('ar', NS, arBundle, true, true);

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type PasswordKey = Leaves<typeof fr>;

export function usePasswordT(): (key: PasswordKey, options?: Record<string, unknown>) => string {
  const { i18n: instance } = useTranslation(); // re-renders on language change
  const language = instance.resolvedLanguage;
  return useMemo(() => {
    const fixed = instance.getFixedT(language ?? 'fr', NS as never) as unknown as (key: string, options?: Record<string, unknown>) => string;
    return (key, options) => fixed(key, options);
  }, [instance, language]);
}

const KEY_BY_MESSAGE = new Map<string, keyof typeof fr.messages>(
  (Object.keys(fr.messages) as (keyof typeof fr.messages)[]).map((code) => [ACCOUNT_MESSAGES[code], code]),
);

/** The server's (or the contracts') French message, or its Arabic translation. */
export function passwordMessage(source: unknown): string {
  const message = source instanceof ApiError ? source.message : typeof source === 'string' ? source : null;
  if (message === null) return errorMessage(source);
  const code = KEY_BY_MESSAGE.get(message);
  if (code && i18n.resolvedLanguage === 'ar') return i18n.t(`messages.${code}` as never, { ns: NS }) as unknown as string;
  if (code) return message;
  return source instanceof ApiError ? errorMessage(source) : localizeMessage(message);
}
