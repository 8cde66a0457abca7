import {
  ZClaimVoucherResponse,
  ZClientVoucherDetail,
  ZClientVoucherListResponse,
  ZExchangeOptions,
  ZRefundResponse,
  ZReviewResponse,
  ZVoucherLifeResponse,
  type TClientVoucherDetail,
  type TClientVoucherListResponse,
  type TExchangeOptions,
  type TExchangeVoucherRequest,
  type TExtendVoucherRequest,
  type VOUCHER_LIST_TABS,
} from '@farha/contracts/customer';
import { ZCalendar, ZDaySlots, ZReservationResponse, type TCreateReservationRequest } from '@farha/contracts/reservations';
import { keepPreviousData, useInfiniteQuery, type InfiniteData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n-react';
import { z } from 'zod';
import { api } from '@/lib/api';
import { localizeCatalogText, useLocalizedSelect } from '@/lib/localized';

const id = (value: string) => encodeURIComponent(value);

export type VoucherListTab = (typeof VOUCHER_LIST_TABS)[number];

export const customerKeys = {
  all: ['customer'] as const,
  vouchers: ['customer', 'vouchers'] as const,
  voucher: (voucherId: string) => ['customer', 'vouchers', voucherId] as const,
  list: (tab: VoucherListTab, q: string) => ['customer', 'vouchers', 'list', tab, q] as const,
  byRef: (ref: string) => ['customer', 'vouchers', 'ref', ref] as const,
  slots: (voucherId: string, partnerId: string, offerId: string, date: string, guests: number) =>
    ['customer', 'slots', voucherId, partnerId, offerId, date, guests] as const,
  calendar: (voucherId: string, partnerId: string, offerId: string, month: string, guests: number) =>
    ['customer', 'calendar', voucherId, partnerId, offerId, month, guests] as const,
  exchangeOptions: (voucherId: string) => ['customer', 'exchange-options', voucherId] as const,
};

/**
 * GET /api/client/vouchers: one tab of the customer's vouchers for a search, a page at a time (newest
 * first; "Charger plus" fetches the next), with the counts per tab and the dashboard figures.
 */
export function useClientVouchers(tab: VoucherListTab, q: string) {
  const select = useLocalizedSelect<InfiniteData<TClientVoucherListResponse, string | null>>();
  return useInfiniteQuery({
    queryKey: customerKeys.list(tab, q),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) => {
      const search = new URLSearchParams({ tab });
      if (q) search.set('q', q);
      if (pageParam) search.set('cursor', pageParam);
      return api.get(`/api/client/vouchers?${search}`, { schema: ZClientVoucherListResponse, signal });
    },
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    select,
  });
}

/** One of the customer's vouchers by id or code (the dashboard's `?reserve=` link), whatever page it is on. */
export function useVoucherByRef(ref: string | null) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'ar' ? 'ar' : 'fr';
  return useQuery({
    queryKey: customerKeys.byRef(ref ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/api/client/vouchers?${new URLSearchParams({ ref: ref ?? '', limit: '1' })}`, { schema: ZClientVoucherListResponse, signal }),
    enabled: ref !== null && ref !== '',
    select: (data) => localizeCatalogText(data.vouchers[0] ?? null, locale),
  });
}

/** GET /api/client/vouchers/:id: the card plus where to use it (offers with their partner). */
export function useVoucherDetail(voucherId: string | null) {
  const select = useLocalizedSelect<TClientVoucherDetail>();
  return useQuery({
    queryKey: customerKeys.voucher(voucherId ?? ''),
    queryFn: ({ signal }) => api.get(`/api/client/vouchers/${id(voucherId ?? '')}`, { schema: ZClientVoucherDetail, signal }),
    enabled: voucherId !== null,
    select,
  });
}

interface SlotsParams {
  voucherId: string;
  partnerId: string;
  offerId: string;
  date: string;
  /** A slot is available when at least this many places remain. */
  guests: number;
}

/**
 * GET /api/client/vouchers/:id/calendar: each day of a month open, closed, full for the party or outside
 * the booking window (docs/product/reservations.md §4).
 */
export function useOpenDays(params: { voucherId: string; partnerId: string; offerId: string; month: string; days: number; guests: number } | null) {
  return useQuery({
    queryKey: customerKeys.calendar(params?.voucherId ?? '', params?.partnerId ?? '', params?.offerId ?? '', params?.month ?? '', params?.guests ?? 1),
    queryFn: ({ signal }) => {
      const { voucherId, partnerId, offerId, month, days, guests } = params!;
      const search = new URLSearchParams({ partnerId, offerId, from: `${month}-01`, days: String(days), guests: String(guests) });
      return api.get(`/api/client/vouchers/${id(voucherId)}/calendar?${search}`, { schema: ZCalendar, signal });
    },
    enabled: params !== null,
    staleTime: 15_000,
  });
}

/** GET /api/client/vouchers/:id/slots: the partner's free slots that day. */
export function useDaySlots(params: SlotsParams | null) {
  return useQuery({
    queryKey: customerKeys.slots(params?.voucherId ?? '', params?.partnerId ?? '', params?.offerId ?? '', params?.date ?? '', params?.guests ?? 1),
    queryFn: ({ signal }) => {
      const { voucherId, guests, ...query } = params!;
      const search = new URLSearchParams({ ...query, guests: String(guests) });
      return api.get(`/api/client/vouchers/${id(voucherId)}/slots?${search}`, { schema: ZDaySlots, signal });
    },
    enabled: params !== null,
    staleTime: 15_000,
    placeholderData: (previous) => previous,
  });
}

/** Every change to a voucher or its reservation shows on the dashboard and in the history. */
function useRefreshCustomerData() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: customerKeys.all });
}

export function useCreateReservation() {
  const refresh = useRefreshCustomerData();
  return useMutation({
    mutationFn: (request: TCreateReservationRequest) => api.post('/api/client/reservations', request, { schema: ZReservationResponse }),
    onSuccess: refresh,
  });
}

export function useCancelReservation() {
  const refresh = useRefreshCustomerData();
  return useMutation({
    mutationFn: (reservationId: string) =>
      api.post(`/api/client/reservations/${id(reservationId)}/cancel`, {}, { schema: ZReservationResponse }),
    onSettled: refresh,
  });
}

export function useAcceptProposal() {
  const refresh = useRefreshCustomerData();
  return useMutation({
    mutationFn: (reservationId: string) =>
      api.post(`/api/client/reservations/${id(reservationId)}/accept-proposal`, {}, { schema: ZReservationResponse }),
    onSettled: refresh,
  });
}

export function useClaimVoucher() {
  const refresh = useRefreshCustomerData();
  return useMutation({
    mutationFn: (code: string) => api.post('/api/client/vouchers/claim', { code }, { schema: ZClaimVoucherResponse }),
    onSuccess: refresh,
  });
}

export function useExtendVoucher(voucherId: string) {
  const refresh = useRefreshCustomerData();
  return useMutation({
    mutationFn: (request: TExtendVoucherRequest) =>
      api.post(`/api/client/vouchers/${id(voucherId)}/extend`, request, { schema: ZVoucherLifeResponse }),
    onSuccess: (result) => (result.outcome === 'done' ? refresh() : undefined),
  });
}

export function useExchangeOptions(voucherId: string | null) {
  const select = useLocalizedSelect<TExchangeOptions>();
  return useQuery({
    queryKey: customerKeys.exchangeOptions(voucherId ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/api/client/vouchers/${id(voucherId ?? '')}/exchange-options`, { schema: ZExchangeOptions, signal }),
    enabled: voucherId !== null,
    select,
  });
}

export function useExchangeVoucher(voucherId: string) {
  const refresh = useRefreshCustomerData();
  return useMutation({
    mutationFn: (request: TExchangeVoucherRequest) =>
      api.post(`/api/client/vouchers/${id(voucherId)}/exchange`, request, { schema: ZVoucherLifeResponse }),
    onSuccess: (result) => (result.outcome === 'done' ? refresh() : undefined),
  });
}

export function useRefundVoucher() {
  const refresh = useRefreshCustomerData();
  return useMutation({
    mutationFn: (voucherId: string) => api.post(`/api/client/vouchers/${id(voucherId)}/refund`, {}, { schema: ZRefundResponse }),
    onSettled: refresh,
  });
}

export function useReviewVoucher(voucherId: string) {
  const refresh = useRefreshCustomerData();
  return useMutation({
    mutationFn: (request: { rating: number; comment?: string }) =>
      api.post(`/api/client/vouchers/${id(voucherId)}/review`, request, { schema: ZReviewResponse }),
    onSuccess: refresh,
  });
}

/** POST /api/vouchers/:id/resend (rate-limited on the server). */
export function useResendVoucher() {
  return useMutation({
    mutationFn: (voucherId: string) =>
      api.post(`/api/vouchers/${id(voucherId)}/resend`, undefined, { schema: z.object({ queued: z.literal(true) }) }),
  });
}
