import {
  ZFaqList,
  ZPartnerTicketCreated,
  ZPartnerTicketDetail,
  ZPartnerTicketList,
  ZSystemStatus,
  type TCreatePartnerTicket,
} from '@farha/contracts/partner';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { partnerKeys } from './me';

export function usePartnerFaq() {
  return useQuery({
    queryKey: partnerKeys.faq,
    queryFn: ({ signal }) => api.get('/api/partner/faq', { schema: ZFaqList, signal }),
    staleTime: 5 * 60_000,
  });
}

export function usePartnerTickets() {
  return useQuery({
    queryKey: partnerKeys.tickets,
    queryFn: ({ signal }) => api.get('/api/partner/tickets', { schema: ZPartnerTicketList, signal }),
  });
}

export function usePartnerTicket(id: string | null) {
  return useQuery({
    queryKey: [...partnerKeys.tickets, id],
    queryFn: ({ signal }) => api.get(`/api/partner/tickets/${encodeURIComponent(id ?? '')}`, { schema: ZPartnerTicketDetail, signal }),
    enabled: id !== null,
  });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TCreatePartnerTicket) => api.post('/api/partner/tickets', values, { schema: ZPartnerTicketCreated }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.tickets }),
  });
}

export function useReplyTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api.post(`/api/partner/tickets/${encodeURIComponent(id)}/messages`, { message }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.tickets }),
  });
}

/** The real health of our services (GET /api/partner/status). */
export function useSystemStatus() {
  return useQuery({
    queryKey: partnerKeys.status,
    queryFn: ({ signal }) => api.get('/api/partner/status', { schema: ZSystemStatus, signal }),
    refetchInterval: 60_000,
  });
}
