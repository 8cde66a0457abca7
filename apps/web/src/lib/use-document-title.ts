import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n-react';

/** Sets the tab title to "<title> · Farha" while the calling page is shown. */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · ${appName}`;
    return () => {
      document.title = previous;
    };
  }, [title, appName]);
}
