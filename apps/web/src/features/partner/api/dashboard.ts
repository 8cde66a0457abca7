import { ZPartnerDashboard, type TPartnerDashboard } from '@farha/contracts/partner';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useLocalizedSelect } from '@/lib/localized';
import { partnerKeys } from './me';

/** docs/product/partners.md §11: the dashboard refreshes every 30 seconds (and on 'Actualiser'). */
export const DASHBOARD_REFRESH_MS = 30_000;

export function usePartnerDashboard() {
  const select = useLocalizedSelect<TPartnerDashboard>();
  return useQuery({
    queryKey: partnerKeys.dashboard,
    queryFn: ({ signal }) => api.get('/api/partner/dashboard', { schema: ZPartnerDashboard, signal }),
    select,
    refetchInterval: DASHBOARD_REFRESH_MS,
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
