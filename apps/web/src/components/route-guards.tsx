import type { TRole } from '@farha/contracts/roles';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { paths, type AuthRedirectState } from '@/config/paths';

/** Renders its children (or the child routes) for a logged-in user; sends anyone else to /auth. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { status, sessionExpiredAt } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner label={t('app.checkingAuth')} />;
  if (status === 'anonymous') {
    const state: AuthRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
      // Same state as the session-expired redirect in root.tsx, whichever of the two runs last.
      reason: sessionExpiredAt === null ? undefined : 'session-expired',
    };
    return <Navigate to={paths.auth} replace state={state} />;
  }
  return children ?? <Outlet />;
}

interface RequireRoleProps {
  roles: readonly TRole[];
  /** Where a logged-in user without one of the roles goes (docs/product/accounts-and-roles.md §2: /unauthorized). */
  fallback?: string;
  children?: ReactNode;
}

/** RequireAuth, plus one of `roles`. */
export function RequireRole({ roles, fallback = paths.unauthorized, children }: RequireRoleProps) {
  const { user } = useAuth();
  if (!user) return <RequireAuth />;
  if (!roles.includes(user.role)) return <Navigate to={fallback} replace />;
  return children ?? <Outlet />;
}
