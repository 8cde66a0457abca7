import {
  ZPackagingStock,
  ZShipmentActionResponse,
  ZShipmentBoard,
  type TShipmentStatus,
} from '@farha/contracts/delivery';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';

/** Issue 38 (docs/product/delivery.md §7): the logistics board, its actions and the packaging stock. */
export const shipmentKeys = {
  all: ['admin', 'shipments'] as const,
  board: (status: TShipmentStatus | 'all', q: string) => ['admin', 'shipments', 'board', status, q] as const,
  stock: ['admin', 'shipments', 'stock'] as const,
};

const enc = encodeURIComponent;

/** The PDFs open in a new tab (the browser prints them). */
export const shipmentCardUrl = (id: string) => `/api/admin/shipments/${enc(id)}/card.pdf`;
export const shipmentLabelUrl = (id: string) => `/api/admin/shipments/${enc(id)}/label.pdf`;

export function useShipmentBoard(status: TShipmentStatus | 'all', q: string) {
  return useInfiniteQuery({
    queryKey: shipmentKeys.board(status, q),
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams();
      if (status !== 'all') params.set('status', status);
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      return api.get(`/api/admin/shipments?${params}`, { schema: ZShipmentBoard, signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: shipmentKeys.all });
}

export function useShipmentAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'print' | 'hand-over' }) =>
      api.post(`/api/admin/shipments/${enc(id)}/${action}`, undefined, { schema: ZShipmentActionResponse }),
    onSuccess: refresh,
  });
}

export function usePackagingStock() {
  return useQuery({
    queryKey: shipmentKeys.stock,
    queryFn: ({ signal }) => api.get('/api/admin/shipments/stock', { schema: ZPackagingStock, signal }),
  });
}

export function useUpdateStock() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ boxId, onHand }: { boxId: string; onHand: number }) =>
      api.put(`/api/admin/shipments/stock/${enc(boxId)}`, { onHand }, { schema: z.unknown() }),
    onSuccess: refresh,
  });
}
