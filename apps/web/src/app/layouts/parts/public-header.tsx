import { isPartnerRole } from '@farha/contracts/plain/roles';
import { ScanLine, UserRound } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { Link, NavLink } from 'react-router';
import { paths, to } from '@/config/paths';
import { Logo } from '@/components/brand/logo';
import { CurrencySwitch } from '@/components/currency-switch';
import { LocaleSwitch } from '@/components/locale-switch';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { isHydrating } from '@/lib/hydration';
import { BasketButton } from './basket-button';
import { MobileNav } from './mobile-nav';
import { publicNavLinks } from './public-nav';
import { ExpandableSearch } from './search-box';

// Only signed-in visitors see it: its dropdown's code stays out of a visitor's first page load.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));

/** docs/product/storefront.md §2: the bar takes its scrolled style after 10 px. */
function useScrolledPast(offset: number): boolean {
  // A hydrated page starts as the server drew it (not scrolled); the effect looks right after.
  const [scrolled, setScrolled] = useState(() => !isHydrating() && window.scrollY > offset);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > offset);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [offset]);
  return scrolled;
}

export function PublicHeader() {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const scrolled = useScrolledPast(10);

  return (
    <header
      data-scrolled={scrolled || undefined}
      className={cn(
        'fixed inset-x-0 top-0 z-40 border-b transition-[background-color,box-shadow,border-color] duration-200',
        scrolled
          ? 'border-border bg-background/90 shadow-sm backdrop-blur-md supports-[backdrop-filter]:bg-background/80'
          : 'border-transparent bg-background',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-3 sm:gap-2 sm:px-6 lg:px-8">
        <MobileNav />
        <Link to={paths.home} aria-label={t('nav.homeLink')} className="rounded-lg">
          <Logo />
        </Link>

        <nav aria-label={t('nav.main')} className="ms-6 hidden md:block">
          <ul className="flex items-center gap-1">
            {publicNavLinks(t).map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) =>
                    cn(
                      'inline-flex h-10 items-center rounded-lg px-3 text-sm font-semibold text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
                      isActive && 'text-primary-strong',
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ms-auto flex items-center gap-0.5 sm:gap-1">
          <ExpandableSearch className="hidden md:flex" />
          {user && isPartnerRole(user.role) && (
            <Button asChild variant="soft" size="sm" className="hidden sm:inline-flex">
              <Link to={paths.partner.scanner}>
                <ScanLine aria-hidden />
                {t('nav.scanner')}
              </Link>
            </Button>
          )}
          <ThemeToggle />
          <CurrencySwitch />
          <LocaleSwitch />
          <BasketButton />
          {status === 'loading' ? (
            <Skeleton className="ms-1 h-9 w-9 rounded-full sm:w-28" />
          ) : user ? (
            <Suspense fallback={<Skeleton className="ms-1 h-9 w-9 rounded-full sm:w-28" />}>
              <UserMenu />
            </Suspense>
          ) : (
            <>
              {/* Phones: an icon; the mobile menu also offers both links. */}
              <Button asChild variant="ghost" size="icon" className="sm:hidden">
                <Link to={paths.auth} aria-label={t('account.login')} title={t('account.login')}>
                  <UserRound aria-hidden className="size-5" />
                </Link>
              </Button>
              <div className="ms-1 hidden items-center gap-2 sm:flex">
                <Button asChild variant="ghost">
                  <Link to={paths.auth}>{t('account.login')}</Link>
                </Button>
                <Button asChild>
                  <Link to={to.register}>{t('account.register')}</Link>
                </Button>
              </div>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
