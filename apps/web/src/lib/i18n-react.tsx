import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { i18n as appI18n, type TranslationResources } from './i18n';
import type { I18n, TranslateOptions } from './i18n-core';
import type { TranslationKey } from './translation';

/** `t` of the app's main namespace (src/locales/fr.json), its keys checked against the French bundle. */
export type TFunction = (key: TranslationKey<TranslationResources>, options?: TranslateOptions) => string;

const I18nContext = createContext<I18n | null>(null);

/** The instance the components below translate with (the app's own when none is given). */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/**
 * The main namespace's `t` and the instance; the component draws again when the language changes (`t`'s
 * identity changes with it).
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext) ?? appI18n;
  const [language, setLanguage] = useState(i18n.language);
  useEffect(() => {
    const follow = (lng: string) => setLanguage(lng);
    i18n.on('languageChanged', follow);
    // A change between this component's drawing and this effect.
    setLanguage(i18n.language);
    return () => i18n.off('languageChanged', follow);
  }, [i18n]);
  const t = useMemo(() => i18n.getFixedT(null) as TFunction, [i18n, language]); // eslint-disable-line react-hooks/exhaustive-deps
  return { t, i18n };
}
