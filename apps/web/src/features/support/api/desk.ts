import {
  ZCannedList,
  ZCannedResponseResponse,
  ZDeskTicketDetail,
  ZDeskTicketList,
  ZDeskTicketResponse,
  ZDispute,
  ZDisputeList,
  ZDisputeResponse,
  ZMessageOnly,
  ZSupportOverview,
  type TDeskReplyRequest,
  type TDeskTicketDetail,
  type TDispute,
  type TDisputeList,
  type TResolveDisputeRequest,
} from '@farha/contracts/support';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useLocalizedSelect } from '@/lib/localized';
import { useLiveQueries, useRealtimeConnected } from '@/lib/realtime';

export const deskKeys = {
  all: ['support-desk'] as const,
  overview: ['support-desk', 'overview'] as const,
  tickets: ['support-desk', 'tickets'] as const,
  canned: ['support-desk', 'canned'] as const,
  disputes: ['support-desk', 'disputes'] as const,
};

export type TicketFilters = { q: string; status: string; priority: string; assignee: string; page: number };

function search(params: Record<string, string | number>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== '' && value !== undefined) query.set(key, String(value));
  return query.toString();
}

/**
 * Issue 36 (docs/product/realtime.md §6): a ticket opened, answered, assigned or closed is pushed; the queue and
 * the KPIs are read every 30 s only while the stream is down. While it is open they are still read every
 * 5 minutes: an SLA breached or a day that ends changes the figures without any event.
 */
const DESK_FALLBACK_MS = 30_000;
const DESK_CLOCK_MS = 5 * 60_000;

/**
 * The sidebar badge and the dashboard (docs/product/support.md §4). `listen`: this caller holds the desk's
 * stream (the support layout's sidebar, on every page of the desk); other callers share its pushes.
 */
export function useSupportOverview({ listen = true } = {}) {
  const live = useLiveQueries(
    {
      'support.ticket': ({ ticketId }) => [deskKeys.overview, [...deskKeys.tickets, 'list'], [...deskKeys.tickets, 'detail', ticketId]],
      // A dispute opened, answered by its partner or resolved, a goodwill card given: the KPIs, the disputes'
      // list, the dispute and the ticket it concerns, their cards.
      'support.dispute': ({ disputeId, ticketId }) => [
        deskKeys.overview,
        [...deskKeys.disputes, 'list'],
        ...(disputeId ? [[...deskKeys.disputes, 'detail', disputeId]] : []),
        ...(ticketId ? [[...deskKeys.tickets, 'detail', ticketId]] : []),
        [...deskKeys.all, 'goodwill'],
      ],
    },
    { enabled: listen, onReady: [deskKeys.overview, deskKeys.tickets, deskKeys.disputes] },
  );
  return useQuery({
    queryKey: deskKeys.overview,
    queryFn: ({ signal }) => api.get('/api/support/overview', { schema: ZSupportOverview, signal }),
    refetchInterval: live ? DESK_CLOCK_MS : DESK_FALLBACK_MS,
  });
}

export function useDeskTickets(filters: TicketFilters) {
  const live = useRealtimeConnected();
  return useQuery({
    queryKey: [...deskKeys.tickets, 'list', filters],
    queryFn: ({ signal }) => api.get(`/api/support/tickets?${search({ ...filters, pageSize: 20 })}`, { schema: ZDeskTicketList, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? DESK_CLOCK_MS : DESK_FALLBACK_MS,
  });
}

export function useDeskTicket(id: string | null) {
  const select = useLocalizedSelect<TDeskTicketDetail>();
  return useQuery({
    queryKey: [...deskKeys.tickets, 'detail', id],
    queryFn: ({ signal }) => api.get(`/api/support/tickets/${encodeURIComponent(id ?? '')}`, { schema: ZDeskTicketDetail, signal }),
    select,
    enabled: id !== null,
  });
}

function useTicketMutation<V>(call: (vars: V) => Promise<{ ticket: TDeskTicketDetail; message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData([...deskKeys.tickets, 'detail', answer.ticket.id], answer.ticket);
      void queryClient.invalidateQueries({ queryKey: [...deskKeys.tickets, 'list'] });
      void queryClient.invalidateQueries({ queryKey: deskKeys.overview });
    },
  });
}

export function useAssignTicket() {
  return useTicketMutation(({ id, agentId }: { id: string; agentId?: string }) =>
    api.post(`/api/support/tickets/${encodeURIComponent(id)}/assign`, agentId ? { agentId } : {}, { schema: ZDeskTicketResponse }),
  );
}

export function useReplyTicket() {
  return useTicketMutation(({ id, ...body }: { id: string } & TDeskReplyRequest) =>
    api.post(`/api/support/tickets/${encodeURIComponent(id)}/messages`, body, { schema: ZDeskTicketResponse }),
  );
}

export function useCanned() {
  return useQuery({ queryKey: deskKeys.canned, queryFn: ({ signal }) => api.get('/api/support/canned', { schema: ZCannedList, signal }) });
}

export function useSaveCanned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; body: string }) => api.post('/api/support/canned', body, { schema: ZCannedResponseResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deskKeys.canned }),
  });
}

export function useDeleteCanned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/support/canned/${encodeURIComponent(id)}`, { schema: ZMessageOnly }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deskKeys.canned }),
  });
}

export type DisputeFilters = { q: string; status: string; type: string; page: number };

export function useDisputes(filters: DisputeFilters) {
  const select = useLocalizedSelect<TDisputeList>();
  return useQuery({
    queryKey: [...deskKeys.disputes, 'list', filters],
    queryFn: ({ signal }) => api.get(`/api/support/disputes?${search({ ...filters, pageSize: 20 })}`, { schema: ZDisputeList, signal }),
    select,
    placeholderData: keepPreviousData,
  });
}

export function useDispute(id: string | null) {
  const select = useLocalizedSelect<TDispute>();
  return useQuery({
    queryKey: [...deskKeys.disputes, 'detail', id],
    queryFn: ({ signal }) => api.get(`/api/support/disputes/${encodeURIComponent(id ?? '')}`, { schema: ZDispute, signal }),
    select,
    enabled: id !== null,
  });
}

export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & TResolveDisputeRequest) =>
      api.post(`/api/support/disputes/${encodeURIComponent(id)}/resolve`, body, { schema: ZDisputeResponse }),
    onSuccess: (answer) => {
      queryClient.setQueryData([...deskKeys.disputes, 'detail', answer.dispute.id], answer.dispute);
      void queryClient.invalidateQueries({ queryKey: [...deskKeys.disputes, 'list'] });
      void queryClient.invalidateQueries({ queryKey: deskKeys.overview });
    },
  });
}
