import { ZSmsAnalytics } from '@farha/contracts/sms';
import { ZBreakageForecast, ZFunnel, ZLiveAnalytics, ZSales } from '@farha/contracts/analytics';
import { ZGiftCardReport, ZPromotionReport } from '@farha/contracts/finance-reports';
import { ZGroupGiftFigures } from '@farha/contracts/group-gifts';
import { ZDeliveryAnalytics } from '@farha/contracts/delivery';
import { addDays, algiersToday } from '@farha/contracts/time';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useAdminLive } from '../api/live';

export const analyticsKeys = {
  funnel: (days: number) => ['admin', 'analytics', 'funnel', days] as const,
  sales: (days: number) => ['admin', 'analytics', 'sales', days] as const,
  forecast: ['admin', 'analytics', 'forecast'] as const,
  live: ['admin', 'analytics', 'live'] as const,
};

/** The funnel: its purchases are pushed; its visits (page views, not pushed) follow the slow clock (../api/live.ts). */
export function useFunnel(days: number) {
  const refetchInterval = useAdminLive([['admin', 'analytics', 'funnel']]);
  return useQuery({
    queryKey: analyticsKeys.funnel(days),
    queryFn: ({ signal }) => api.get(`/api/admin/analytics/funnel?days=${days}`, { schema: ZFunnel, signal }),
    placeholderData: keepPreviousData,
    refetchInterval,
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

/**
 * Today's figures, performance and system status (docs/product/back-office.md §8): today's figures are pushed,
 * the performance and the system status follow the slow clock (../api/live.ts).
 */
export function useLiveAnalytics() {
  const refetchInterval = useAdminLive([analyticsKeys.live]);
  return useQuery({
    queryKey: analyticsKeys.live,
    queryFn: ({ signal }) => api.get('/api/admin/analytics/live', { schema: ZLiveAnalytics, signal }),
    refetchInterval,
  });
}

// ---- Issue 35: finance's figures of promo codes and gift cards over a chosen period --------------------

/** A report's period: Algiers days, both included; empty, the server's default (the last 30 days). */
export type ReportPeriod = { from: string; to: string };

const reportQuery = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '').map(([k, v]) => [k, String(v)])).toString();

/** The server's CSV of a report (streamed), opened as a download. */
export const reportCsvUrl = (path: 'promotions.csv' | 'gift-cards.csv' | 'gift-cards/movements.csv', params: Record<string, string | number | undefined>) =>
  `/api/admin/analytics/${path}?${reportQuery(params)}`;

export function usePromotionReport(params: ReportPeriod & { promotionId?: string; page?: number; pageSize?: number }) {
  const query = reportQuery(params);
  return useQuery({
    queryKey: ['admin', 'analytics', 'promotions', query] as const,
    queryFn: ({ signal }) => api.get(`/api/admin/analytics/promotions?${query}`, { schema: ZPromotionReport, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGiftCardReport(params: ReportPeriod) {
  const query = reportQuery(params);
  return useQuery({
    queryKey: ['admin', 'analytics', 'gift-cards', query] as const,
    queryFn: ({ signal }) => api.get(`/api/admin/analytics/gift-cards?${query}`, { schema: ZGiftCardReport, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Issue 37: group gifts (pots open, money held, refunds, gifts issued, share of GMV) over the period. */
export function useGroupGiftReport(params: ReportPeriod) {
  const query = reportQuery(params);
  return useQuery({
    queryKey: ['admin', 'analytics', 'group-gifts', query] as const,
    queryFn: ({ signal }) => api.get(`/api/admin/analytics/group-gifts?${query}`, { schema: ZGroupGiftFigures, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Issue 38 (docs/product/delivery.md §9): physical boxes, cash on delivery, returns by wilaya, delivery times. */
export function useDeliveryFigures(days: number) {
  // The period's days in Algiers, today included (the analytics' chips: 7, 30 or 90 days).
  const to = algiersToday(new Date());
  const from = addDays(to, 1 - days);
  return useQuery({
    queryKey: ['admin', 'analytics', 'delivery', from, to],
    queryFn: ({ signal }) => api.get(`/api/admin/analytics/delivery?${new URLSearchParams({ from, to })}`, { schema: ZDeliveryAnalytics, signal }),
    placeholderData: keepPreviousData,
  });
}
