import { ERROR_MESSAGES, ZApiError } from '@farha/contracts/errors';
import {
  ZFaqList,
  ZFaqViewResponse,
  ZFaqVoteResponse,
  ZTicketDetail,
  ZTicketList,
  ZTicketResponse,
  type TCreateTicketRequest,
} from '@farha/contracts/support';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, ApiError, NETWORK_ERROR } from '@/lib/api';

const keys = {
  faq: (q: string, category: string) => ['customer', 'faq', q, category] as const,
  tickets: ['customer', 'tickets'] as const,
  ticket: (id: string) => ['customer', 'tickets', id] as const,
};

/** GET /api/faq: the customers' published entries, with the caller's own vote. */
export function useFaq(q: string, category: string) {
  const params = new URLSearchParams({ audience: 'customer' });
  if (q) params.set('q', q);
  if (category) params.set('category', category);
  return useQuery({
    queryKey: keys.faq(q, category),
    queryFn: ({ signal }) => api.get(`/api/faq?${params}`, { schema: ZFaqList, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/faq/:id/view, once per entry and page visit (the caller remembers which were counted). */
export function useFaqView() {
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/faq/${encodeURIComponent(id)}/view`, {}, { schema: ZFaqViewResponse }),
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

/**
 * A multipart/form-data POST (files cannot travel as JSON), answered like any API call. The browser
 * sets the Content-Type with its boundary; the Origin header covers the server's CSRF check.
 */
async function postForm<T>(path: string, form: FormData, schema: z.ZodType<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', body: form, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, ERROR_MESSAGES.LOGIN_FAILED);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = ZApiError.safeParse(payload);
    if (parsed.success) throw new ApiError(response.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.field);
    if (response.status === 413) throw new ApiError(413, 'FILE_TOO_LARGE', 'Fichier trop volumineux (10 Mo maximum)', 'attachments');
    throw new ApiError(response.status, 'INTERNAL', ERROR_MESSAGES.INTERNAL);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, 'INVALID_RESPONSE', ERROR_MESSAGES.INTERNAL);
  return parsed.data;
}

function formWith(fields: Record<string, string>, files: File[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('attachments', file, file.name);
  return form;
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, ...fields }: TCreateTicketRequest & { files: File[] }) =>
      files.length > 0
        ? postForm('/api/client/tickets', formWith(fields, files), ZTicketResponse)
        : api.post('/api/client/tickets', fields, { schema: ZTicketResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.tickets }),
  });
}

export function useReplyToTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, files }: { message: string; files: File[] }) =>
      files.length > 0
        ? postForm(`/api/client/tickets/${encodeURIComponent(id)}/messages`, formWith({ message }, files), ZTicketResponse)
        : api.post(`/api/client/tickets/${encodeURIComponent(id)}/messages`, { message }, { schema: ZTicketResponse }),
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
