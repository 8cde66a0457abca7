import {
  ZAdminDashboard,
  ZAdminPartnerActionResponse,
  ZAdminPartnerDetail,
  ZAdminPartnerList,
  ZAdminPayoutActionResponse,
  ZAdminPayoutList,
  ZAdminRefundActionResponse,
  ZAdminRefundList,
  ZAdminUserPage,
  ZAuditPage,
  ZUserActionResponse,
  type TCreateUserInput,
  type TUpdateUserInput,
  type TAdminRefundList,
} from '@farha/contracts/admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAdminPaymentList, ZExchangeRate, ZRateHistory, type TSetRateRequest } from '@farha/contracts/rates';
import { api } from '@/lib/api';
import { useLocalizedSelect } from '@/lib/localized';
import { useAdminLive } from './live';

export const adminKeys = {
  all: ['admin'] as const,
  dashboard: (days: number) => ['admin', 'dashboard', days] as const,
  payouts: (query: string) => ['admin', 'payouts', query] as const,
  partners: (query: string) => ['admin', 'partners', query] as const,
  partner: (id: string) => ['admin', 'partner', id] as const,
  users: (query: string) => ['admin', 'users', query] as const,
  audit: (query: string) => ['admin', 'audit', query] as const,
};

/** Query string of the defined values, e.g. { status: 'paid', page: 2 } → 'status=paid&page=2'. */
export function toQuery(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v));
  return search.toString();
}

/** The dashboard's tiles: pushed, with a slow clock for the system status (./live.ts). */
export function useAdminDashboard(days: number) {
  const refetchInterval = useAdminLive([['admin', 'dashboard']]);
  return useQuery({
    queryKey: adminKeys.dashboard(days),
    queryFn: ({ signal }) => api.get(`/api/admin/dashboard?days=${days}`, { schema: ZAdminDashboard, signal }),
    refetchInterval,
  });
}

export function useAdminPayouts(query: string) {
  return useQuery({
    queryKey: adminKeys.payouts(query),
    queryFn: ({ signal }) => api.get(`/api/admin/payouts?${query}`, { schema: ZAdminPayoutList, signal }),
    placeholderData: keepPreviousData,
  });
}

type PayoutAction = { id: string; action: 'approve' } | { id: string; action: 'paid'; reference: string } | { id: string; action: 'failed'; reason: string };

export function usePayoutAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayoutAction) => {
      const { id, action, ...body } = input;
      return api.post(`/api/admin/payouts/${id}/${action}`, body, { schema: ZAdminPayoutActionResponse });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useAdminPartners(query: string) {
  return useQuery({
    queryKey: adminKeys.partners(query),
    queryFn: ({ signal }) => api.get(`/api/admin/partners?${query}`, { schema: ZAdminPartnerList, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminPartner(id: string | null) {
  return useQuery({
    queryKey: adminKeys.partner(id ?? ''),
    queryFn: ({ signal }) => api.get(`/api/admin/partners/${id}`, { schema: ZAdminPartnerDetail, signal }),
    enabled: id !== null,
  });
}

export function useKycDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; decision: 'verified' | 'rejected'; reason?: string }) =>
      api.post(`/api/admin/partners/${input.id}/kyc`, { decision: input.decision, reason: input.reason }, { schema: ZAdminPartnerActionResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function usePartnerTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; commissionBp?: number; settlementCycle?: 'J+7' | 'J+14' | 'monthly'; active?: boolean }) => {
      const { id, ...body } = input;
      return api.patch(`/api/admin/partners/${id}`, body, { schema: ZAdminPartnerActionResponse });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useAdminUsers(query: string) {
  return useQuery({
    queryKey: adminKeys.users(query),
    queryFn: ({ signal }) => api.get(`/api/admin/users?${query}`, { schema: ZAdminUserPage, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: 'suspend' | 'reactivate' }) =>
      api.post(`/api/admin/users/${input.id}/${input.action}`, {}, { schema: ZUserActionResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateUserInput) => api.post('/api/admin/users', input, { schema: ZUserActionResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; patch: TUpdateUserInput }) => api.patch(`/api/admin/users/${input.id}`, input.patch, { schema: ZUserActionResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useSendPasswordLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/admin/users/${id}/password-link`, {}, { schema: ZUserActionResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useGatewayRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/admin/refunds/${id}/gateway`, {}, { schema: ZAdminRefundActionResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useAuditLog(query: string) {
  return useQuery({
    queryKey: adminKeys.audit(query),
    queryFn: ({ signal }) => api.get(`/api/admin/audit?${query}`, { schema: ZAuditPage, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminRefunds(query: string) {
  const select = useLocalizedSelect<TAdminRefundList>();
  return useQuery({
    queryKey: ['admin', 'refunds', query],
    queryFn: ({ signal }) => api.get(`/api/admin/refunds?${query}`, { schema: ZAdminRefundList, signal }),
    select,
    placeholderData: keepPreviousData,
  });
}

export function useRefundAction() {
  const queryClient = useQueryClient();
  return useMutation({
    // Issue 34: 'manual-transfer', the bank transfer finance made for a refund the gateway refused.
    mutationFn: (input: { id: string; action: 'paid' | 'manual-transfer'; reference: string } | { id: string; action: 'failed'; reason: string }) => {
      const { id, action, ...body } = input;
      return api.post(`/api/admin/refunds/${id}/${action}`, body, { schema: ZAdminRefundActionResponse });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Issue 24: the EUR and USD rates, those in force and their history. */
export function useExchangeRates(query: string) {
  return useQuery({
    queryKey: ['admin', 'exchange-rates', query],
    queryFn: ({ signal }) => api.get(`/api/admin/exchange-rates?${query}`, { schema: ZRateHistory, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSetExchangeRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSetRateRequest) => api.post('/api/admin/exchange-rates', input, { schema: ZExchangeRate }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'exchange-rates'] });
      void queryClient.invalidateQueries({ queryKey: ['exchange-rates'] });
    },
  });
}

/** Issue 24: every payment with what each card was charged. */
export function useAdminPayments(query: string) {
  return useQuery({
    queryKey: ['admin', 'payments', query],
    queryFn: ({ signal }) => api.get(`/api/admin/payments?${query}`, { schema: ZAdminPaymentList, signal }),
    placeholderData: keepPreviousData,
  });
}
