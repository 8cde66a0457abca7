import { useTranslation } from '@/lib/i18n-react';
import { ZSystemStatus, type TCreatePartnerTicket } from '@farha/contracts/partner';
import { ZFaqList, ZFaqVoteResponse, ZTicketDetail, ZTicketList, ZTicketResponse } from '@farha/contracts/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { postWithFiles } from '@/lib/upload';
import { partnerKeys } from './me';

/** The partner FAQ (GET /api/faq?audience=partner), with the caller's votes. */
export function usePartnerFaq() {
  // The knowledge base's Arabic text for Arabic readers (issue 14).
  const locale = useTranslation().i18n.resolvedLanguage === 'ar' ? 'ar' : 'fr';
  return useQuery({
    queryKey: [...partnerKeys.faq, locale],
    queryFn: ({ signal }) => api.get(`/api/faq?audience=partner&locale=${locale}`, { schema: ZFaqList, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useFaqVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, helpful }: { id: string; helpful: boolean }) =>
      api.post(`/api/faq/${encodeURIComponent(id)}/vote`, { helpful }, { schema: ZFaqVoteResponse }),
    onSuccess: (answer, { id }) =>
      queryClient.setQueriesData<z.infer<typeof ZFaqList>>({ queryKey: partnerKeys.faq }, (list) =>
        list && {
          ...list,
          entries: list.entries.map((entry) =>
            entry.id === id ? { ...entry, helpful: answer.helpful, notHelpful: answer.notHelpful, myVote: answer.myVote } : entry,
          ),
        },
      ),
  });
}

export function usePartnerTickets() {
  return useQuery({
    queryKey: partnerKeys.tickets,
    queryFn: ({ signal }) => api.get('/api/partner/tickets', { schema: ZTicketList, signal }),
  });
}

export function usePartnerTicket(id: string | null) {
  return useQuery({
    queryKey: [...partnerKeys.tickets, id],
    queryFn: ({ signal }) => api.get(`/api/partner/tickets/${encodeURIComponent(id ?? '')}`, { schema: ZTicketDetail, signal }),
    enabled: id !== null,
  });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, files }: { values: Required<TCreatePartnerTicket>; files: File[] }) =>
      postWithFiles('/api/partner/tickets', values, files, ZTicketResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.tickets }),
  });
}

export function useReplyTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, files }: { message: string; files: File[] }) =>
      postWithFiles(`/api/partner/tickets/${encodeURIComponent(id)}/messages`, { message }, files, ZTicketResponse),
    onSuccess: (answer) => {
      queryClient.setQueryData([...partnerKeys.tickets, id], answer.ticket);
      void queryClient.invalidateQueries({ queryKey: partnerKeys.tickets, exact: true });
    },
  });
}

/**
 * The real health of our services (GET /api/partner/status). Issue 36: kept as a one-minute clock
 * (docs/product/realtime.md §7): the checks are measured when read, nothing happens to push.
 */
export function useSystemStatus() {
  return useQuery({
    queryKey: partnerKeys.status,
    queryFn: ({ signal }) => api.get('/api/partner/status', { schema: ZSystemStatus, signal }),
    refetchInterval: 60_000,
  });
}
