import {
  ZCreateOrderResponse,
  ZOrder,
  type TCreateOrderRequest,
  type TOrder,
} from '@farha/contracts/checkout';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { useLocalizedSelect } from '@/lib/localized';

export function useCreateOrder() {
  return useMutation({
    mutationFn: (request: TCreateOrderRequest) => api.post('/api/orders', request, { schema: ZCreateOrderResponse }),
  });
}

export const orderQueryKey = (id: string) => ['checkout', 'order', id] as const;

interface OrderQueryOptions {
  enabled?: boolean;
  /** Poll every second (or `pollMs`) while this returns true (the server checks with the gateway on each read). */
  pollWhile?: (order: TOrder | undefined) => boolean;
  pollMs?: number;
}

/** GET /api/orders/:id: the purchaser's own order, its status and, once paid, its voucher. */
export function useOrder(id: string | null, { enabled = true, pollWhile, pollMs = 1000 }: OrderQueryOptions = {}) {
  const select = useLocalizedSelect<TOrder>();
  return useQuery({
    queryKey: orderQueryKey(id ?? ''),
    queryFn: ({ signal }) => api.get(`/api/orders/${encodeURIComponent(id ?? '')}`, { schema: ZOrder, signal }),
    enabled: enabled && id !== null,
    staleTime: 0,
    select,
    refetchInterval: (query) => (pollWhile?.(query.state.data) ? pollMs : false),
  });
}

export function useResendVoucher() {
  return useMutation({
    mutationFn: (voucherId: string) =>
      api.post(`/api/vouchers/${encodeURIComponent(voucherId)}/resend`, undefined, {
        schema: z.object({ queued: z.literal(true) }),
      }),
  });
}
