import { ChevronDown, LogOut } from 'lucide-react';
import { useTranslation } from '@/lib/i18n-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useCurrentUser, useAuth } from '@/lib/auth';
import { displayName } from '@/lib/user-display';
import { accountLinks } from './account-links';
import { UserAvatar } from './user-avatar';

/** docs/product/storefront.md §2: first name (or e-mail prefix), role badge, e-mail, the role's entries and logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { logout } = useAuth();
  const name = displayName(user);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2 px-1.5 sm:px-2" data-testid="user-menu" aria-label={t('account.menu', { name })}>
          <UserAvatar user={user} />
          <span className="hidden max-w-32 truncate lg:inline">{name}</span>
          <ChevronDown aria-hidden className="hidden size-4 text-muted-foreground sm:block" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel className="flex items-start gap-3">
          <UserAvatar user={user} className="size-10 text-base" />
          <div className="min-w-0 flex-1 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="truncate font-semibold">{name}</span>
              <Badge variant="soft">{t(`roles.${user.role}`)}</Badge>
            </div>
            <p className="truncate text-xs font-normal text-muted-foreground">{user.email}</p>
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {accountLinks(user.role, t).map(({ to, label, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="destructive"
          data-testid="logout"
          onSelect={async () => {
            await logout(paths.home);
          }}
        >
          <LogOut aria-hidden className="rtl:-scale-x-100" />
          {t('account.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
