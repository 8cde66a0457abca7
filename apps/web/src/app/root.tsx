import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { usePageViews } from '@/lib/page-views';
import { useBasketMerge } from '@/lib/basket-merge-hook';
import { errorMessage } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { paths, type AuthRedirectState } from '@/config/paths';
import { LiveChatMount } from './live-chat-mount';
import { TestPaymentsBanner } from './test-payments-banner';

/**
 * The root route: skip link, page-load progress bar, scroll restoration, the session-expired redirect, and
 * on a test site (ADR 017) the test-payments banner on every page.
 */
export function AppRoot() {
  const { t } = useTranslation();
  usePageViews();
  useBasketMerge(onBasketMergeError);
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t('app.skipToContent')}
      </a>
      <NavigationProgress />
      <SessionExpiredRedirect />
      <Outlet />
      <TestPaymentsBanner />
      <LiveChatMount />
      <ScrollRestoration />
    </>
  );
}

/** Issue 34: the visitor's basket could not join the account's; its lines stay in this browser for the next sign-in. */
function onBasketMergeError(error: unknown) {
  toast.error(errorMessage(error), { id: 'basket-merge' });
}

/** A thin bar at the top while a lazily loaded page is on its way. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden bg-primary/20" aria-hidden>
      <div className="h-full w-2/5 animate-progress bg-primary" />
    </div>
  );
}

/** docs/product/accounts-and-roles.md §7: when the session expires the user is logged out and sent to /auth (and back after login). */
function SessionExpiredRedirect() {
  const { sessionExpiredAt } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    if (sessionExpiredAt === null || location.pathname === paths.auth) return;
    const state: AuthRedirectState = {
      reason: 'session-expired',
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    void navigate(paths.auth, { replace: true, state });
    // Only a new expiry triggers the redirect, not later navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionExpiredAt]);

  return null;
}

export function RootFallback() {
  const { t } = useTranslation();
  return <FullPageSpinner label={t('common.loading')} />;
}
