import {
  ZAvailabilityException,
  ZAvailabilityResponse,
  ZAvailabilityExceptionList,
  ZPartnerReservationList,
  ZReservationActionResponse,
  type RESERVATION_INBOX_TABS,
  type TAvailability,
  type TPartnerReservationList,
} from '@farha/contracts/partner';
import { z } from 'zod';
import type { ZAvailabilityExceptionInput } from '@farha/contracts/partner';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useLocalizedSelect } from '@/lib/localized';
import { useRealtimeConnected } from '@/lib/realtime';
import { partnerKeys } from './me';

export type InboxTab = (typeof RESERVATION_INBOX_TABS)[number];

/** The inbox's refresh while the stream (opened by the header's bell) is down; pushed otherwise (docs/product/realtime.md §6). */
const INBOX_FALLBACK_MS = 60_000;

export function useReservations(tab: InboxTab) {
  const select = useLocalizedSelect<TPartnerReservationList>();
  const live = useRealtimeConnected();
  return useQuery({
    queryKey: [...partnerKeys.reservations, tab],
    queryFn: ({ signal }) =>
      api.get(`/api/partner/reservations?${new URLSearchParams({ status: tab })}`, { schema: ZPartnerReservationList, signal }),
    select,
    placeholderData: keepPreviousData,
    refetchInterval: live ? false : INBOX_FALLBACK_MS,
  });
}

/** The inbox of one tab, a page at a time ("Charger plus" asks for the next one). */
export function useReservationPages(tab: InboxTab) {
  const select = useLocalizedSelect<InfiniteData<TPartnerReservationList, number>>();
  const live = useRealtimeConnected();
  return useInfiniteQuery({
    queryKey: [...partnerKeys.reservations, tab, 'pages'],
    initialPageParam: 1,
    queryFn: ({ signal, pageParam }) =>
      api.get(`/api/partner/reservations?${new URLSearchParams({ status: tab, page: String(pageParam) })}`, {
        schema: ZPartnerReservationList,
        signal,
      }),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    select,
    refetchInterval: live ? false : INBOX_FALLBACK_MS,
  });
}

export type ReservationAction =
  | { kind: 'confirm'; id: string }
  | { kind: 'decline'; id: string; reason: string }
  | { kind: 'propose'; id: string; date: string; time: string; message?: string };

export function useReservationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ReservationAction) => {
      const base = `/api/partner/reservations/${encodeURIComponent(action.id)}`;
      if (action.kind === 'confirm') return api.post(`${base}/confirm`, {}, { schema: ZReservationActionResponse });
      if (action.kind === 'decline') return api.post(`${base}/decline`, { reason: action.reason }, { schema: ZReservationActionResponse });
      return api.post(
        `${base}/propose`,
        { date: action.date, time: action.time, message: action.message || undefined },
        { schema: ZReservationActionResponse },
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: partnerKeys.reservations }),
        queryClient.invalidateQueries({ queryKey: partnerKeys.dashboard }),
      ]),
  });
}

export function useAvailability() {
  return useQuery({
    queryKey: [...partnerKeys.availability, 'weekly'],
    queryFn: ({ signal }) => api.get('/api/partner/availability', { schema: ZAvailabilityResponse, signal }),
  });
}

export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: TAvailability) =>
      api.put('/api/partner/availability', value, { schema: ZAvailabilityResponse.extend({ message: z.string() }) }),
    onSuccess: ({ message: _message, ...saved }) => queryClient.setQueryData([...partnerKeys.availability, 'weekly'], saved),
  });
}

export function useAvailabilityExceptions() {
  return useQuery({
    queryKey: [...partnerKeys.availability, 'exceptions'],
    queryFn: ({ signal }) => api.get('/api/partner/availability/exceptions', { schema: ZAvailabilityExceptionList, signal }),
  });
}

export function useAddException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: z.input<typeof ZAvailabilityExceptionInput>) =>
      api.post('/api/partner/availability/exceptions', value, {
        schema: z.object({ exception: ZAvailabilityException, message: z.string() }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...partnerKeys.availability, 'exceptions'] }),
  });
}

export function useDeleteException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/partner/availability/exceptions/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...partnerKeys.availability, 'exceptions'] }),
  });
}
