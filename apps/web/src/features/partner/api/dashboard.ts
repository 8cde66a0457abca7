import { ZPartnerDashboard, type TPartnerDashboard } from '@farha/contracts/partner';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useLocalizedSelect } from '@/lib/localized';
import { msUntilNextAlgiersDay } from '@/lib/dates';
import { useRealtimeConnected } from '@/lib/realtime';
import { partnerKeys } from './me';

/** docs/product/partners.md §11: the dashboard's refresh (and 'Actualiser') while the stream is down. */
export const DASHBOARD_REFRESH_MS = 30_000;

/**
 * Issue 36 (docs/product/realtime.md §6, §7): a scan, a reservation, a notification (payouts) are pushed, and the
 * header's bell refreshes the dashboard then; it is read every 30 s only while the stream is down. While the
 * stream is open it is read again just after midnight only: « today » and « this month » start again by the
 * clock alone, with no event.
 */
export function usePartnerDashboard() {
  const select = useLocalizedSelect<TPartnerDashboard>();
  const live = useRealtimeConnected();
  return useQuery({
    queryKey: partnerKeys.dashboard,
    queryFn: ({ signal }) => api.get('/api/partner/dashboard', { schema: ZPartnerDashboard, signal }),
    select,
    refetchInterval: live ? () => msUntilNextAlgiersDay() : DASHBOARD_REFRESH_MS,
    staleTime: 10_000,
  });
}

/** POST /api/partner/notifications/read: the given ids, or all of them. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => api.post('/api/partner/notifications/read', ids ? { ids } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.dashboard }),
  });
}
