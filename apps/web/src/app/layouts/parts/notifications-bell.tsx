import { Bell } from 'lucide-react';
import { useTranslation } from '@/lib/i18n-react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

/** There is no notifications API yet: the bell says so instead of showing invented items. */
export function NotificationsBell({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('notifications.label')} className={className}>
          <Bell aria-hidden className="size-5" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel className="font-semibold">{t('notifications.label')}</DropdownMenuLabel>
        <p className="px-2.5 pb-2 text-sm text-muted-foreground">{t('notifications.comingSoon')}</p>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
