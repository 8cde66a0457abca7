import { Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { MaintenancePage } from '@/features/errors/pages/maintenance-page';
import { useAuth } from '@/lib/auth';
import { useStorefrontThemeStyle } from '@/features/storefront/api/landing';
import { cn } from '@/lib/cn';
import { useSiteStatus } from '@/lib/site-status';
import { PublicHeader } from './parts/public-header';
import { SiteFooter } from './parts/site-footer';

/** docs/product/storefront.md §2: fixed top bar; the homepage is full width, other pages sit in a centred container. */
export function PublicLayout() {
  const site = useSiteStatus();
  const { user } = useAuth();
  // Maintenance mode: visitors and customers see the maintenance page; staff and partners keep working.
  const inMaintenance = site.data?.maintenance === true && (!user || user.role === 'customer');
  const isHome = useLocation().pathname === paths.home && !inMaintenance;
  // The published landing theme colours the whole storefront (issue 13).
  const themeStyle = useStorefrontThemeStyle();
  return (
    <div className="flex min-h-dvh flex-col" style={themeStyle}>
      <PublicHeader />
      <main
        id="main"
        tabIndex={-1}
        className={cn(
          'flex-1 outline-none',
          isHome ? 'pt-16' : 'mx-auto w-full max-w-7xl px-4 pb-16 pt-24 sm:px-6 lg:px-8',
        )}
      >
        {inMaintenance ? <MaintenancePage /> : <Outlet />}
      </main>
      <SiteFooter />
    </div>
  );
}
