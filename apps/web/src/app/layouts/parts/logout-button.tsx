import { LogOut } from 'lucide-react';
import { useTranslation } from '@/lib/i18n-react';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';

/** The visible logout button of the area layouts; its text shows from `sm` up and is always announced. */
export function LogoutButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { logout } = useAuth();
  return (
    <Button
      variant="ghost"
      className={cn('px-2.5 sm:px-3', className)}
      data-testid="logout"
      onClick={async () => {
        await logout(paths.home);
      }}
    >
      <LogOut aria-hidden className="size-5 rtl:-scale-x-100 sm:size-4" />
      <span className="sr-only sm:not-sr-only">{t('account.logout')}</span>
    </Button>
  );
}
