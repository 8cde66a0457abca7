import { ZOrder, type TOrder } from '@farha/contracts/checkout';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api';
import { useLiveQueries } from '@/lib/realtime';

/** Stop polling a pending order after this long (the reconciliation job settles it later). */
const POLL_FOR_MS = 90_000;

/** Issue 36: the payment's outcome is pushed; the order is asked for this often only while the stream is down. */
const FALLBACK_POLL_MS = 3_000;

/**
 * GET /api/orders/:id, read again when the payment's outcome is pushed (docs/product/realtime.md §6), and
 * polled while the stream is down and the gateway has not confirmed the payment yet.
 */
export function useReturningOrder(id: string | null) {
  const [startedAt] = useState(() => Date.now());
  const key = ['customer', 'order', id] as const;
  const live = useLiveQueries({ 'order.payment': (payment) => (payment.orderId === id ? [key] : []) }, { enabled: id !== null, onReady: [key] });
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get(`/api/orders/${encodeURIComponent(id ?? '')}`, { schema: ZOrder, signal }),
    enabled: id !== null,
    staleTime: 0,
    retry: 1,
    refetchInterval: (query) =>
      !live && query.state.data?.status === 'pending' && Date.now() - startedAt < POLL_FOR_MS ? FALLBACK_POLL_MS : false,
  });
}

export const PAID_ORDER = new Set<TOrder['status']>(['paid', 'fulfilled']);
export const FAILED_ORDER = new Set<TOrder['status']>(['failed', 'canceled', 'expired']);
