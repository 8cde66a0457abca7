import { ZAdminBoxPage } from '@farha/contracts/catalog-admin';
import {
  ZPromotion,
  ZPromotionCodesResponse,
  ZPromotionCompanyChoices,
  ZPromotionPage,
  ZPromotionResponse,
  ZPromotionStats,
  type TPromotionAction,
  type TPromotionCodesRequest,
  type TPromotionInput,
  type TPromotionPatch,
} from '@farha/contracts/promotions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The back office's promotions (docs/product/promotions.md §8): one key family, refreshed after every change. */
export const promotionKeys = {
  all: ['admin', 'promotions'] as const,
  list: (query: string) => ['admin', 'promotions', 'list', query] as const,
  one: (id: string) => ['admin', 'promotions', 'one', id] as const,
  stats: (id: string) => ['admin', 'promotions', 'stats', id] as const,
  boxes: ['admin', 'promotions', 'boxes'] as const,
  companies: (q: string) => ['admin', 'promotions', 'companies', q] as const,
};

/** The real CSV of a promotion's codes (`GET /api/admin/promotions/:id/codes.csv`), opened as a download. */
export const promotionCodesCsvUrl = (id: string) => `/api/admin/promotions/${encodeURIComponent(id)}/codes.csv`;

export function usePromotions(query: string) {
  return useQuery({
    queryKey: promotionKeys.list(query),
    queryFn: ({ signal }) => api.get(`/api/admin/promotions?${query}`, { schema: ZPromotionPage, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every promotion with a public code (at most 100, newest first): the landing editor's choices. */
export function usePublicPromotions() {
  return useQuery({
    queryKey: promotionKeys.list('public'),
    queryFn: async ({ signal }) => {
      const page = await api.get('/api/admin/promotions?pageSize=100', { schema: ZPromotionPage, signal });
      return page.promotions.filter((p) => p.publicCode !== null);
    },
  });
}

export function usePromotion(id: string | null) {
  return useQuery({
    queryKey: promotionKeys.one(id ?? ''),
    queryFn: ({ signal }) => api.get(`/api/admin/promotions/${id}`, { schema: ZPromotion, signal }),
    enabled: id !== null,
  });
}

export function usePromotionStats(id: string | null) {
  return useQuery({
    queryKey: promotionKeys.stats(id ?? ''),
    queryFn: ({ signal }) => api.get(`/api/admin/promotions/${id}/stats`, { schema: ZPromotionStats, signal }),
    enabled: id !== null,
  });
}

/** The catalogue's boxes for the « chosen boxes » scope (the catalogue holds a few dozen). */
export function usePromotionBoxes() {
  return useQuery({
    queryKey: promotionKeys.boxes,
    queryFn: ({ signal }) => api.get('/api/admin/boxes?pageSize=100&status=all', { schema: ZAdminBoxPage, signal }),
    staleTime: 5 * 60_000,
  });
}

/** The company accounts a promotion may name (docs/product/promotions.md §13), by name, those matching `q`. */
export function usePromotionCompanies(q: string, enabled: boolean) {
  return useQuery({
    queryKey: promotionKeys.companies(q),
    queryFn: ({ signal }) => api.get(`/api/admin/promotions/companies?pageSize=50&q=${encodeURIComponent(q)}`, { schema: ZPromotionCompanyChoices, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: promotionKeys.all });
}

export function useSavePromotion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: string; patch: TPromotionPatch } | { id: null; promotion: TPromotionInput }) =>
      input.id !== null
        ? api.patch(`/api/admin/promotions/${input.id}`, input.patch, { schema: ZPromotionResponse })
        : api.post('/api/admin/promotions', input.promotion, { schema: ZPromotionResponse }),
    onSuccess: refresh,
  });
}

export function usePromotionStatus() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: TPromotionAction }) =>
      api.post(`/api/admin/promotions/${id}/status`, { action }, { schema: ZPromotionResponse }),
    onSuccess: refresh,
  });
}

export function useGenerateCodes() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: TPromotionCodesRequest }) =>
      api.post(`/api/admin/promotions/${id}/codes`, request, { schema: ZPromotionCodesResponse }),
    onSuccess: refresh,
  });
}
