import {
  ZAdminBoxDeleteResponse,
  ZAdminBoxPage,
  ZAdminBoxResponse,
  ZAdminLanding,
  ZAdminOfferPage,
  ZLandingDraftResponse,
  ZLandingHistoryPage,
  ZLandingPublishResponse,
  ZUploadedImage,
  type TAdminBoxInput,
  type TAdminBoxPatch,
  type TUploadedImage,
} from '@farha/contracts/catalog-admin';
import type { TLandingConfig } from '@farha/contracts/landing';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { postForm } from '@/lib/upload';

/** A smaller width of an uploaded picture (the server keeps 400 and 800 px, 480 and 960 px for the homepage). */
export const thumbnail = (url: string | null, width = 400) => (url?.startsWith('/api/files/') ? `${url}?w=${width}` : url);

export const catalogKeys = {
  all: ['admin', 'catalog'] as const,
  boxes: (query: string) => ['admin', 'catalog', 'boxes', query] as const,
  offers: (query: string) => ['admin', 'catalog', 'offers', query] as const,
  landing: ['admin', 'catalog', 'landing'] as const,
  history: (page: number) => ['admin', 'catalog', 'landing', 'history', page] as const,
};

export function useAdminBoxes(query: string) {
  return useQuery({
    queryKey: catalogKeys.boxes(query),
    queryFn: ({ signal }) => api.get(`/api/admin/boxes?${query}`, { schema: ZAdminBoxPage, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOffers(query: string) {
  return useQuery({
    queryKey: catalogKeys.offers(query),
    queryFn: ({ signal }) => api.get(`/api/admin/offers?${query}`, { schema: ZAdminOfferPage, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveBox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; patch: TAdminBoxPatch } | { id: null; box: TAdminBoxInput }) =>
      'patch' in input
        ? api.patch(`/api/admin/boxes/${input.id}`, input.patch, { schema: ZAdminBoxResponse })
        : api.post('/api/admin/boxes', input.box, { schema: ZAdminBoxResponse }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
      // The storefront's catalogue changed too.
      void queryClient.invalidateQueries({ queryKey: ['catalog'] });
    },
  });
}

export function useDeleteBox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/admin/boxes/${id}`, { schema: ZAdminBoxDeleteResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
  });
}

/** Uploads one picture (re-encoded and resized by the server). */
export async function uploadCatalogImage(file: File, purpose: 'box' | 'landing'): Promise<TUploadedImage> {
  const form = new FormData();
  form.append('file', file, file.name);
  return postForm(`/api/admin/catalog/images?purpose=${purpose}`, form, ZUploadedImage);
}

export function useAdminLanding() {
  return useQuery({
    queryKey: catalogKeys.landing,
    queryFn: ({ signal }) => api.get('/api/admin/landing', { schema: ZAdminLanding, signal }),
    staleTime: Infinity,
  });
}

export function useLandingHistory(page: number) {
  return useQuery({
    queryKey: catalogKeys.history(page),
    queryFn: ({ signal }) => api.get(`/api/admin/landing/history?page=${page}`, { schema: ZLandingHistoryPage, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    // `reset`: the defaults restored (audited as such; other saves are audited once per editing session).
    mutationFn: ({ config, reset = false }: { config: TLandingConfig; reset?: boolean }) =>
      api.put(`/api/admin/landing/draft${reset ? '?reset=true' : ''}`, config, { schema: ZLandingDraftResponse }),
    onSuccess: (result) =>
      queryClient.setQueryData(catalogKeys.landing, (old: unknown) =>
        old ? { ...(old as object), draft: result.draft, draftUpdatedAt: result.draftUpdatedAt } : old,
      ),
  });
}

export function usePublishLanding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { rollbackTo?: string }) =>
      input.rollbackTo
        ? api.post(`/api/admin/landing/history/${input.rollbackTo}/rollback`, {}, { schema: ZLandingPublishResponse })
        : api.post('/api/admin/landing/publish', {}, { schema: ZLandingPublishResponse }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: catalogKeys.landing });
      void queryClient.invalidateQueries({ queryKey: ['landing'] });
    },
  });
}
