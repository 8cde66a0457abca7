import { useEffect, type ReactNode } from 'react';
import { adoptEarlyInput, setHydrating } from '@/lib/hydration';
import { changeLocale, currentLocale, storedLocale } from '@/lib/i18n';

/**
 * Around a page the server drew (entry-server.tsx, and main.tsx when hydrating it): once hydrated, the
 * device's own choices take over (lib/hydration.ts). The server renders it too, so that both trees, and
 * the ids React gives their fields, are the same.
 */
export function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    setHydrating(false);
    const root = document.getElementById('root');
    if (root) adoptEarlyInput(root);
    // Told on the document (outside the app's tree): the page now answers taps (the browser journeys wait for it).
    document.documentElement.setAttribute('data-hydrated', '');
    // A language saved on this device before the server knew it (its cookie comes with the next visit).
    const saved = storedLocale();
    if (saved && saved !== currentLocale()) changeLocale(saved);
  }, []);
  return children;
}
