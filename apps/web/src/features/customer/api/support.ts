import { useTranslation } from '@/lib/i18n-react';
import {
  ZFaqList,
  ZFaqVoteResponse,
  ZTicketDetail,
  ZTicketList,
  ZTicketResponse,
  type TCreateTicketRequest,
} from '@farha/contracts/support';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { postWithFiles } from '@/lib/upload';

const keys = {
  faq: (q: string, category: string) => ['customer', 'faq', q, category] as const,
  tickets: ['customer', 'tickets'] as const,
  ticket: (id: string) => ['customer', 'tickets', id] as const,
};

/** GET /api/faq: the customers' published entries, with the caller's own vote. */
export function useFaq(q: string, category: string) {
  // The knowledge base's Arabic text for Arabic readers (issue 14).
  const locale = useTranslation().i18n.resolvedLanguage === 'ar' ? 'ar' : 'fr';
  const params = new URLSearchParams({ audience: 'customer', locale });
  if (q) params.set('q', q);
  if (category) params.set('category', category);
  return useQuery({
    queryKey: [...keys.faq(q, category), locale],
    queryFn: ({ signal }) => api.get(`/api/faq?${params}`, { schema: ZFaqList, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useFaqVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, helpful }: { id: string; helpful: boolean }) =>
      api.post(`/api/faq/${encodeURIComponent(id)}/vote`, { helpful }, { schema: ZFaqVoteResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customer', 'faq'] }),
  });
}

export function useTickets() {
  return useQuery({
    queryKey: keys.tickets,
    queryFn: ({ signal }) => api.get('/api/client/tickets', { schema: ZTicketList, signal }),
  });
}

export function useTicket(id: string | null) {
  return useQuery({
    queryKey: keys.ticket(id ?? ''),
    queryFn: ({ signal }) => api.get(`/api/client/tickets/${encodeURIComponent(id ?? '')}`, { schema: ZTicketDetail, signal }),
    enabled: id !== null,
  });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, ...fields }: TCreateTicketRequest & { files: File[] }) =>
      postWithFiles('/api/client/tickets', fields, files, ZTicketResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.tickets }),
  });
}

export function useReplyToTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, files }: { message: string; files: File[] }) =>
      postWithFiles(`/api/client/tickets/${encodeURIComponent(id)}/messages`, { message }, files, ZTicketResponse),
    onSuccess: (result) => {
      queryClient.setQueryData(keys.ticket(id), result.ticket);
      void queryClient.invalidateQueries({ queryKey: keys.tickets, exact: true });
    },
  });
}

export function useCloseTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`/api/client/tickets/${encodeURIComponent(id)}/close`, {}, { schema: ZTicketResponse }),
    onSuccess: (result) => {
      queryClient.setQueryData(keys.ticket(id), result.ticket);
      void queryClient.invalidateQueries({ queryKey: keys.tickets, exact: true });
    },
  });
}

/** After resolution, the requester rates the answer 1 to 5 (issue 14). */
export function useRateTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) => api.post(`/api/client/tickets/${encodeURIComponent(id)}/rate`, { rating }, { schema: ZTicketResponse }),
    onSuccess: (result) => {
      queryClient.setQueryData(keys.ticket(id), result.ticket);
      void queryClient.invalidateQueries({ queryKey: keys.tickets, exact: true });
    },
  });
}
