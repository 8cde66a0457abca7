import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { TPageViewInput } from '@farha/contracts/analytics';
import { paths } from '../config/paths';

const KEY = 'farha.analytics.session';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An anonymous random id for this tab's visit (sessionStorage: gone when the tab closes; never a cookie). */
function sessionId(): string | null {
  try {
    let id = sessionStorage.getItem(KEY);
    if (!id) {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
      sessionStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}

/** The funnel page a storefront location is, if any (home, catalogue, a box, the checkout). */
export function trackedPage(pathname: string, search: string): Omit<TPageViewInput, 'sessionId'> | null {
  if (pathname === paths.home) return { page: 'home' };
  if (pathname === paths.catalog) return { page: 'catalogue' };
  const box = /^\/box\/([^/]+)$/.exec(pathname);
  if (box) {
    const id = decodeURIComponent(box[1]!);
    return UUID.test(id) ? { page: 'box', boxId: id } : { page: 'box' };
  }
  if (pathname === paths.checkout) {
    const id = new URLSearchParams(search).get('box') ?? '';
    return UUID.test(id) ? { page: 'checkout', boxId: id } : { page: 'checkout' };
  }
  return null;
}

/**
 * Issue 13: Farha's own page views of the funnel, first-party (same origin, no third-party script, no
 * cookie sent: the view is never tied to an account). The server keeps only a salted hash of the session
 * id and records nothing when the superadmin turned analytics tracking off.
 */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const page = trackedPage(pathname, search);
    const id = page && sessionId();
    if (!page || !id) return;
    void fetch('/api/analytics/page-views', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...page, sessionId: id }),
      credentials: 'omit',
      keepalive: true,
    }).catch(() => undefined);
  }, [pathname, search]);
}
