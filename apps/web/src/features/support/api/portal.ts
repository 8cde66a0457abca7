import { ZMessageResponse, type TChangePasswordRequest } from '@farha/contracts/account';
import {
  ZAgentProfileResponse,
  ZDisputeResponse,
  ZKbList,
  ZKbResponse,
  ZMessageOnly,
  ZSupportPartnerDetail,
  ZSupportPartnerList,
  ZSupportReport,
  ZSupportUserList,
  ZUserActionResponse,
  ZUserDiagnostics,
  type TDeskDisputeRequest,
  type TKbRequest,
  type TSupportPartnerDetail,
  type TUserDiagnostics,
} from '@farha/contracts/support';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useLocalizedSelect } from '@/lib/localized';
import { deskKeys } from './desk';

export const portalKeys = {
  users: ['support-portal', 'users'] as const,
  partners: ['support-portal', 'partners'] as const,
  kb: ['support-portal', 'kb'] as const,
  reports: ['support-portal', 'reports'] as const,
  profile: ['support-portal', 'profile'] as const,
};

function search(params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== '' && value !== undefined) query.set(key, String(value));
  return query.toString();
}

/** POST /api/support/tickets/:id/dispute. */
export function useOpenTicketDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, ...body }: { ticketId: string } & TDeskDisputeRequest) =>
      api.post(`/api/support/tickets/${encodeURIComponent(ticketId)}/dispute`, body, { schema: ZDisputeResponse }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: deskKeys.tickets });
      void queryClient.invalidateQueries({ queryKey: deskKeys.disputes });
      void queryClient.invalidateQueries({ queryKey: deskKeys.overview });
    },
  });
}

export function useSupportUsers(filters: { q: string; role: string; page: number }) {
  return useQuery({
    queryKey: [...portalKeys.users, 'list', filters],
    queryFn: ({ signal }) => api.get(`/api/support/users?${search({ ...filters, pageSize: 20 })}`, { schema: ZSupportUserList, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUserDiagnostics(id: string | null) {
  const select = useLocalizedSelect<TUserDiagnostics>();
  return useQuery({
    queryKey: [...portalKeys.users, 'detail', id],
    queryFn: ({ signal }) => api.get(`/api/support/users/${encodeURIComponent(id ?? '')}/diagnostics`, { schema: ZUserDiagnostics, signal }),
    select,
    enabled: id !== null,
  });
}

export function useSupportPartners(filters: { q: string; page: number }) {
  return useQuery({
    queryKey: [...portalKeys.partners, 'list', filters],
    queryFn: ({ signal }) => api.get(`/api/support/partners?${search({ ...filters, pageSize: 20 })}`, { schema: ZSupportPartnerList, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSupportPartner(id: string | null) {
  const select = useLocalizedSelect<TSupportPartnerDetail>();
  return useQuery({
    queryKey: [...portalKeys.partners, 'detail', id],
    queryFn: ({ signal }) => api.get(`/api/support/partners/${encodeURIComponent(id ?? '')}`, { schema: ZSupportPartnerDetail, signal }),
    select,
    enabled: id !== null,
  });
}

export function useKnowledgeBase(filters: { q: string; audience: string; page: number }) {
  return useQuery({
    queryKey: [...portalKeys.kb, filters],
    queryFn: ({ signal }) => api.get(`/api/support/faq?${search({ ...filters, pageSize: 20 })}`, { schema: ZKbList, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id?: string } & TKbRequest) =>
      id ? api.put(`/api/support/faq/${encodeURIComponent(id)}`, body, { schema: ZKbResponse }) : api.post('/api/support/faq', body, { schema: ZKbResponse }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: portalKeys.kb });
      void queryClient.invalidateQueries({ queryKey: ['faq'] });
    },
  });
}

export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/support/faq/${encodeURIComponent(id)}`, { schema: ZMessageOnly }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.kb }),
  });
}

export function useSupportReport(range: { from: string; to: string }) {
  return useQuery({
    queryKey: [...portalKeys.reports, range],
    queryFn: ({ signal }) => api.get(`/api/support/reports?${search(range)}`, { schema: ZSupportReport, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAgentProfile() {
  return useQuery({ queryKey: portalKeys.profile, queryFn: ({ signal }) => api.get('/api/support/profile', { schema: ZAgentProfileResponse, signal }) });
}

export function useSaveAgentProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { firstName: string; lastName: string; phone: string | null }) => api.put('/api/support/profile', body, { schema: ZAgentProfileResponse }),
    onSuccess: (answer) => queryClient.setQueryData(portalKeys.profile, answer),
  });
}

export function useChangeAgentPassword() {
  return useMutation({ mutationFn: (body: TChangePasswordRequest) => api.post('/api/support/profile/password', body, { schema: ZMessageResponse }) });
}

/** An agent's action on an account (issue 14): the diagnostics are read again to show it in the activity. */
export type UserAction =
  | { kind: 'resend'; userId: string; voucherId: string }
  | { kind: 'extend'; userId: string; voucherId: string; days: number; reason: string }
  | { kind: 'reset'; userId: string }
  | { kind: 'unlock'; userId: string };

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction) => {
      const user = `/api/support/users/${encodeURIComponent(action.userId)}`;
      switch (action.kind) {
        case 'resend':
          return api.post(`${user}/vouchers/${encodeURIComponent(action.voucherId)}/resend`, undefined, { schema: ZUserActionResponse });
        case 'extend':
          return api.post(`${user}/vouchers/${encodeURIComponent(action.voucherId)}/extend`, { days: action.days, reason: action.reason }, { schema: ZUserActionResponse });
        case 'reset':
          return api.post(`${user}/password-reset`, undefined, { schema: ZUserActionResponse });
        case 'unlock':
          return api.post(`${user}/unlock`, undefined, { schema: ZUserActionResponse });
      }
    },
    onSuccess: (_answer, action) => queryClient.invalidateQueries({ queryKey: [...portalKeys.users, 'detail', action.userId] }),
  });
}
