import { ERROR_MESSAGES, ZApiError } from '@farha/contracts/errors';
import { ZSystemStatus, type TCreatePartnerTicket } from '@farha/contracts/partner';
import { ZFaqList, ZFaqViewResponse, ZFaqVoteResponse, ZTicketDetail, ZTicketList, ZTicketResponse } from '@farha/contracts/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, ApiError, NETWORK_ERROR } from '@/lib/api';
import { partnerKeys } from './me';

/** The partner FAQ (GET /api/faq?audience=partner), with the caller's votes. */
export function usePartnerFaq() {
  return useQuery({
    queryKey: partnerKeys.faq,
    queryFn: ({ signal }) => api.get('/api/faq?audience=partner', { schema: ZFaqList, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useFaqVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, helpful }: { id: string; helpful: boolean }) =>
      api.post(`/api/faq/${encodeURIComponent(id)}/vote`, { helpful }, { schema: ZFaqVoteResponse }),
    onSuccess: (answer, { id }) =>
      queryClient.setQueryData<z.infer<typeof ZFaqList>>(partnerKeys.faq, (list) =>
        list && {
          ...list,
          entries: list.entries.map((entry) =>
            entry.id === id ? { ...entry, helpful: answer.helpful, notHelpful: answer.notHelpful, myVote: answer.myVote } : entry,
          ),
        },
      ),
  });
}

/** Counts a reading of an answer (POST /api/faq/:id/view, once per entry and page visit). */
export function useFaqView() {
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/faq/${encodeURIComponent(id)}/view`, {}, { schema: ZFaqViewResponse }),
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

/** A JSON body, or multipart/form-data when files go with it (field `attachments`). */
async function postForm<T>(path: string, fields: Record<string, string>, files: File[], schema: z.ZodType<T>): Promise<T> {
  if (files.length === 0) return api.post(path, fields, { schema });
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  for (const file of files) body.append('attachments', file);
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', body, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, ERROR_MESSAGES.LOGIN_FAILED);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = ZApiError.safeParse(payload);
    throw parsed.success
      ? new ApiError(response.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.field)
      : new ApiError(response.status, 'INTERNAL', ERROR_MESSAGES.INTERNAL);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, 'INTERNAL', ERROR_MESSAGES.INTERNAL);
  return parsed.data;
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, files }: { values: Required<TCreatePartnerTicket>; files: File[] }) =>
      postForm('/api/partner/tickets', values, files, ZTicketResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.tickets }),
  });
}

export function useReplyTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, files }: { message: string; files: File[] }) =>
      postForm(`/api/partner/tickets/${encodeURIComponent(id)}/messages`, { message }, files, ZTicketResponse),
    onSuccess: (answer) => {
      queryClient.setQueryData([...partnerKeys.tickets, id], answer.ticket);
      void queryClient.invalidateQueries({ queryKey: partnerKeys.tickets, exact: true });
    },
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
