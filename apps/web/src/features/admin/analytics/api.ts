import { ZSmsAnalytics } from '@farha/contracts/sms';
import { ZBreakageForecast, ZFunnel, ZLiveAnalytics, ZSales } from '@farha/contracts/analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const analyticsKeys = {
  funnel: (days: number) => ['admin', 'analytics', 'funnel', days] as const,
  sales: (days: number) => ['admin', 'analytics', 'sales', days] as const,
  forecast: ['admin', 'analytics', 'forecast'] as const,
  live: ['admin', 'analytics', 'live'] as const,
};

export function useFunnel(days: number) {
  return useQuery({
    queryKey: analyticsKeys.funnel(days),
    queryFn: ({ signal }) => api.get(`/api/admin/analytics/funnel?days=${days}`, { schema: ZFunnel, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** Issue 25: the texts sent per day, their parts and what they cost. */
export function useSmsPerDay(days: number) {
  return useQuery({
    queryKey: [...analyticsKeys.sales(days), 'sms'],
    queryFn: ({ signal }) => api.get(`/api/admin/analytics/sms?days=${days}`, { schema: ZSmsAnalytics, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSales(days: number) {
  return useQuery({
    queryKey: analyticsKeys.sales(days),
    queryFn: ({ signal }) => api.get(`/api/admin/analytics/sales?days=${days}`, { schema: ZSales, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBreakageForecast() {
  return useQuery({ queryKey: analyticsKeys.forecast, queryFn: ({ signal }) => api.get('/api/admin/analytics/breakage-forecast', { schema: ZBreakageForecast, signal }) });
}

/** Today's figures, performance and system status: refreshed every 30 s (docs/product/back-office.md §8). */
export function useLiveAnalytics() {
  return useQuery({
    queryKey: analyticsKeys.live,
    queryFn: ({ signal }) => api.get('/api/admin/analytics/live', { schema: ZLiveAnalytics, signal }),
    refetchInterval: 30_000,
  });
}
