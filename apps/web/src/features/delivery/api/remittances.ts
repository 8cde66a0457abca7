import { ZRemittanceDetail, ZRemittanceList } from '@farha/contracts/delivery';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { postForm } from '@/lib/upload';

/** Issue 38 (docs/product/delivery.md §8): finance's remittances of the couriers' cash. */
export const remittanceKeys = {
  all: ['admin', 'remittances'] as const,
  list: ['admin', 'remittances', 'list'] as const,
  one: (id: string) => ['admin', 'remittances', 'one', id] as const,
};

const enc = encodeURIComponent;

export function useRemittances() {
  return useInfiniteQuery({
    queryKey: remittanceKeys.list,
    queryFn: ({ signal, pageParam }) =>
      api.get(`/api/admin/remittances${pageParam ? `?cursor=${enc(pageParam)}` : ''}`, { schema: ZRemittanceList, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useRemittance(id: string | null) {
  return useQuery({
    queryKey: remittanceKeys.one(id ?? ''),
    queryFn: ({ signal }) => api.get(`/api/admin/remittances/${enc(id ?? '')}`, { schema: ZRemittanceDetail, signal }),
    enabled: id !== null,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: remittanceKeys.all });
}

/** POST /api/admin/remittances/import (multipart): a draft and its matched lines. */
export function useImportRemittance() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return postForm('/api/admin/remittances/import', body, ZRemittanceDetail);
    },
    onSuccess: refresh,
  });
}

export function useFetchRemittance() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.post('/api/admin/remittances/fetch', {}, { schema: ZRemittanceDetail }),
    onSuccess: refresh,
  });
}

export function useConfirmRemittance() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/admin/remittances/${enc(id)}/confirm`, undefined, { schema: ZRemittanceDetail }),
    onSuccess: refresh,
  });
}
