import { isPartnerRole } from '@farha/contracts/plain/roles';
import { LogOut, ScanLine } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { Link, NavLink } from 'react-router';
import { paths, to } from '@/config/paths';
import { Logo } from '@/components/brand/logo';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { displayName } from '@/lib/user-display';
import { accountLinks } from './account-links';
import { publicNavLinks } from './public-nav';
import { SearchField } from './search-box';
import { UserAvatar } from './user-avatar';

const itemClass = 'flex min-h-11 items-center gap-3 rounded-lg px-3 text-base font-medium hover:bg-muted';

/**
 * The public layout's menu panel below the `md` breakpoint, loaded when the visitor first opens it (the
 * button is in mobile-nav.tsx): the dialog's code stays out of the first page load.
 */
export function MobileNavPanel({
  open,
  onOpenChange,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  const close = () => onOpenChange(false);

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="start"
        className="gap-6 p-4"
        // The button that opened the menu is outside the dialog: focus goes back to it.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <div className="pe-12">
          <SheetTitle asChild>
            <Link to={paths.home} onClick={close} aria-label={t('nav.homeLink')}>
              <Logo />
            </Link>
          </SheetTitle>
          <SheetDescription className="sr-only">{t('nav.main')}</SheetDescription>
        </div>

        <SearchField onDone={close} />

        <nav aria-label={t('nav.main')}>
          <ul className="grid gap-1">
            {[...publicNavLinks(t), { to: paths.howItWorks, label: t('nav.howItWorks'), end: false }].map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  onClick={close}
                  className={({ isActive }) => cn(itemClass, isActive && 'bg-primary-soft text-primary-strong')}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="mt-auto border-t border-border pt-4">
          {user ? (
            <div className="grid gap-1">
              <div className="mb-2 flex items-center gap-3 px-3">
                <UserAvatar user={user} className="size-10 text-base" />
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="truncate font-semibold">{displayName(user)}</span>
                    <Badge variant="soft">{t(`roles.${user.role}`)}</Badge>
                  </div>
                  <p className="truncate text-sm text-muted-foreground">{user.email}</p>
                </div>
              </div>
              {isPartnerRole(user.role) && (
                <Link to={paths.partner.scanner} onClick={close} className={itemClass}>
                  <ScanLine aria-hidden className="size-5 text-primary" />
                  {t('nav.scanner')}
                </Link>
              )}
              {accountLinks(user.role, t).map(({ to: target, label, icon: Icon }) => (
                <Link key={target} to={target} onClick={close} className={itemClass}>
                  <Icon aria-hidden className="size-5 text-muted-foreground" />
                  {label}
                </Link>
              ))}
              <button
                type="button"
                className={cn(itemClass, 'text-destructive')}
                onClick={async () => {
                  close();
                  await logout(paths.home);
                }}
              >
                <LogOut aria-hidden className="size-5 rtl:-scale-x-100" />
                {t('account.logout')}
              </button>
            </div>
          ) : (
            <div className="grid gap-2">
              <Button asChild variant="outline" size="lg">
                <Link to={paths.auth} onClick={close}>
                  {t('account.login')}
                </Link>
              </Button>
              <Button asChild size="lg">
                <Link to={to.register} onClick={close}>
                  {t('account.register')}
                </Link>
              </Button>
            </div>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
