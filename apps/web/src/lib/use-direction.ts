import { useTranslation } from '@/lib/i18n-react';

/** Reading direction of the active language, for Radix primitives that take a `dir` prop. */
export function useDirection(): 'ltr' | 'rtl' {
  const { i18n } = useTranslation();
  return i18n.dir(i18n.resolvedLanguage) === 'rtl' ? 'rtl' : 'ltr';
}
