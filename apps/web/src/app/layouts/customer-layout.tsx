import { Gift, HandCoins, History, House, LifeBuoy, ShoppingBag, UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { Logo } from '@/components/brand/logo';
import { CurrencySwitch } from '@/components/currency-switch';
import { LocaleSwitch } from '@/components/locale-switch';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { displayName } from '@/lib/user-display';
import { BasketButton } from './parts/basket-button';
import { LogoutButton } from './parts/logout-button';

/** The customer area (docs/product/storefront.md §14): Mes Coffrets, profile, history, Mes cagnottes (issue 37), support, Accueil, Acheter, logout. */
export function CustomerLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const navList = useRef<HTMLUListElement>(null);
  // On a phone the links scroll sideways: the current page's link is brought into view (either direction).
  useEffect(() => {
    navList.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  const links = [
    { to: paths.client.dashboard, label: t('client.nav.dashboard'), icon: Gift },
    { to: paths.client.profile, label: t('client.nav.profile'), icon: UserRound },
    { to: paths.client.history, label: t('client.nav.history'), icon: History },
    { to: paths.client.groupGifts, label: t('client.nav.groupGifts'), icon: HandCoins },
    { to: paths.client.support, label: t('client.nav.support'), icon: LifeBuoy },
  ];

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-6">
          <Link to={paths.home} aria-label={t('nav.homeLink')} className="rounded-lg">
            {/* Mark only on narrow phones: the header's buttons (with the basket's) need the room. */}
            <Logo nameClassName="hidden min-[400px]:inline" />
          </Link>
          <p className="ms-3 hidden truncate text-sm text-muted-foreground md:block">
            {t('client.hello', { name: displayName(user) })}
          </p>
          <div className="ms-auto flex items-center gap-0.5 sm:gap-1">
            <Button asChild size="sm" className="me-1">
              <Link to={paths.catalog}>
                <ShoppingBag aria-hidden />
                {/* Icon only on narrow phones: the header's buttons need the room. */}
                <span className="max-[399px]:sr-only">{t('client.buy')}</span>
              </Link>
            </Button>
            {/* Issue 34: the storefront's basket button, with its count, in the customer's area too. */}
            <BasketButton />
            <ThemeToggle />
            <CurrencySwitch />
            <LocaleSwitch />
            <LogoutButton />
          </div>
        </div>
        <nav aria-label={t('client.areaNav')} className="mx-auto max-w-6xl px-1 sm:px-4">
          <ul ref={navList} className="-mb-px flex gap-1 overflow-x-auto">
            <li>
              <Link
                to={paths.home}
                className="inline-flex h-11 items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-3 text-sm font-semibold text-muted-foreground hover:text-foreground"
              >
                <House aria-hidden className="size-4" />
                {t('nav.home')}
              </Link>
            </li>
            {links.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    cn(
                      'inline-flex h-11 items-center gap-2 whitespace-nowrap border-b-2 px-3 text-sm font-semibold transition-colors',
                      isActive
                        ? 'border-primary text-primary-strong'
                        : 'border-transparent text-muted-foreground hover:text-foreground',
                    )
                  }
                >
                  <Icon aria-hidden className="size-4" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none sm:px-6">
        <Outlet />
      </main>
    </div>
  );
}
