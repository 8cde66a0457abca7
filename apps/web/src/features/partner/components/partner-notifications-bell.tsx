import { Bell, CheckCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import { useMarkNotificationsRead, usePartnerDashboard } from '../api/dashboard';
import { partnerKeys } from '../api/me';
import { useLiveQueries } from '@/lib/realtime';
import { usePartnerTranslation } from '../i18n';
import { formatShortDateTime as formatDateTime } from '@/lib/dates';
import { notificationText } from '../lib/notification-text';

/** The header bell: the dashboard API's notifications (new reservations, payout updates, …). */
export function PartnerNotificationsBell({ className }: { className?: string }) {
  const { t, locale } = usePartnerTranslation();
  const dashboard = usePartnerDashboard();
  // Issue 36: the portal's one stream, opened here (the bell is on every page of the portal): a notification
  // refreshes the bell, a reservation made or changed refreshes the inbox, a scan the dashboard's figures
  // (docs/product/realtime.md §6).
  useLiveQueries(
    {
      'partner.notification': () => [partnerKeys.dashboard],
      'partner.reservation': () => [partnerKeys.reservations, partnerKeys.dashboard],
      'partner.figures': () => [partnerKeys.dashboard],
    },
    { onReady: [partnerKeys.dashboard, partnerKeys.reservations] },
  );
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const items = dashboard.data?.notifications ?? [];
  const unread = dashboard.data?.unreadNotifications ?? 0;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={cn('relative', className)}
          aria-label={unread > 0 ? t('notifications.labelUnread', { count: unread }) : t('notifications.label')}
          data-testid="partner-notifications"
        >
          <Bell aria-hidden className="size-5" />
          {/* The count is in the button's name, in words where Arabic says it so (« إشعاران »): the badge is not read. */}
          {unread > 0 && (
            <span aria-hidden className="absolute end-1 top-1 inline-flex min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[0.625rem] font-bold leading-4 text-primary-foreground">
              {unread > 9 ? '9+' : unread}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-1rem)]">
        <div className="flex items-center justify-between gap-2 pe-1">
          <DropdownMenuLabel className="font-semibold">{t('notifications.label')}</DropdownMenuLabel>
          {unread > 0 && (
            <Button variant="ghost" size="sm" onClick={() => markRead.mutate(undefined)}>
              <CheckCheck aria-hidden />
              {t('notifications.markAll')}
            </Button>
          )}
        </div>
        <DropdownMenuSeparator />
        {items.length === 0 ? (
          <p className="px-2.5 py-3 text-sm text-muted-foreground">{t('notifications.empty')}</p>
        ) : (
          items.slice(0, 6).map((item) => {
            const text = notificationText(item, t, locale);
            return (
            <DropdownMenuItem
              key={item.id}
              className="flex flex-col items-start gap-0.5 py-2"
              onSelect={() => {
                if (!item.read) markRead.mutate([item.id]);
                if (item.link) void navigate(item.link);
              }}
            >
              <span className="flex w-full items-center gap-2 font-medium">
                {!item.read && <span aria-hidden className="size-2 shrink-0 rounded-full bg-primary" />}
                <span className="min-w-0 flex-1 truncate">{text.title}</span>
              </span>
              {text.body && <span className="line-clamp-2 text-xs text-muted-foreground">{text.body}</span>}
              <span className="text-xs text-muted-foreground">{formatDateTime(item.createdAt, locale)}</span>
            </DropdownMenuItem>
            );
          })
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
