import { ZGiftCardBalance, ZGiftCardOffer, ZGiftCardOrder, ZGiftCardPurchaseResponse, type TGiftCardPurchaseRequest } from '@farha/contracts/gift-cards';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useLiveQueries } from '@/lib/realtime';

/** POST /api/public/gift-cards/balance: the code in the body, never in a URL (docs/product/gift-cards.md §6). */
export function useGiftCardBalance() {
  return useMutation({
    mutationFn: (code: string) => api.post('/api/public/gift-cards/balance', { code }, { schema: ZGiftCardBalance }),
  });
}

/** GET /api/public/gift-cards/offer: the settings' range and validity (docs/product/gift-cards.md §1). */
export function useGiftCardOffer() {
  return useQuery({ queryKey: ['gift-cards', 'offer'], queryFn: ({ signal }) => api.get('/api/public/gift-cards/offer', { schema: ZGiftCardOffer, signal }) });
}

/** POST /api/client/gift-cards: the pending order and the gateway's page to open. */
export function useBuyGiftCard() {
  return useMutation({
    mutationFn: (body: TGiftCardPurchaseRequest) => api.post('/api/client/gift-cards', body, { schema: ZGiftCardPurchaseResponse }),
  });
}

/** Issue 36: the payment's outcome is pushed; the order is asked for this often only while the stream is down. */
const FALLBACK_POLL_MS = 3_000;

/**
 * GET /api/client/gift-cards/orders/:id: read again when the payment's outcome is pushed (the card is issued in
 * the payment's transaction, docs/product/realtime.md §6), polled only while the stream is down.
 */
export function useGiftCardOrder(orderId: string) {
  const key = ['gift-cards', 'order', orderId] as const;
  const live = useLiveQueries({ 'order.payment': (payment) => (payment.orderId === orderId ? [key] : []) }, { enabled: orderId !== '', onReady: [key] });
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get(`/api/client/gift-cards/orders/${encodeURIComponent(orderId)}`, { schema: ZGiftCardOrder, signal }),
    enabled: orderId !== '',
    refetchInterval: (query) => (!live && query.state.data?.status === 'pending' ? FALLBACK_POLL_MS : false),
  });
}
