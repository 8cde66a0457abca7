import { ZOrder, type TOrder } from '@farha/contracts/checkout';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api';

/** Stop polling a pending order after this long (the reconciliation job settles it later). */
const POLL_FOR_MS = 90_000;

/** GET /api/orders/:id, polled while the gateway has not confirmed the payment yet. */
export function useReturningOrder(id: string | null) {
  const [startedAt] = useState(() => Date.now());
  return useQuery({
    queryKey: ['customer', 'order', id],
    queryFn: ({ signal }) => api.get(`/api/orders/${encodeURIComponent(id ?? '')}`, { schema: ZOrder, signal }),
    enabled: id !== null,
    staleTime: 0,
    retry: 1,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && Date.now() - startedAt < POLL_FOR_MS ? 1500 : false,
  });
}

export const PAID_ORDER = new Set<TOrder['status']>(['paid', 'fulfilled']);
export const FAILED_ORDER = new Set<TOrder['status']>(['failed', 'canceled', 'expired']);
