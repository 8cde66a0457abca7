import { useEffect, useSyncExternalStore } from 'react';

/** The manifest and icon of the installable portal, and its service worker (issue 26; scope /partenaire/ only). */
const HEAD_LINKS: [rel: string, href: string][] = [
  ['manifest', '/partenaire/manifest.webmanifest'],
  ['apple-touch-icon', '/partenaire/icons/apple-touch-icon.png'],
];
export const PARTNER_SW_URL = '/partner-sw.js';
export const PARTNER_SCOPE = '/partenaire/';

/**
 * Makes the partner portal installable on the phone's home screen: its manifest is linked while a portal
 * page is shown (never on the storefront), and the service worker that keeps the portal's shell is
 * registered for /partenaire/ (production builds only: the dev server serves no /partner-sw.js).
 */
export function usePartnerApp(): void {
  useEffect(() => {
    const links = HEAD_LINKS.map(([rel, href]) => {
      const link = document.createElement('link');
      link.rel = rel;
      link.href = href;
      document.head.append(link);
      return link;
    });
    if (import.meta.env.PROD && 'serviceWorker' in navigator) {
      navigator.serviceWorker.register(PARTNER_SW_URL, { scope: PARTNER_SCOPE, updateViaCache: 'none' }).catch((error: unknown) => {
        console.warn('The partner service worker was not registered', error);
      });
    }
    return () => links.forEach((link) => link.remove());
  }, []);
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser has a network (navigator.onLine, kept current). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}
