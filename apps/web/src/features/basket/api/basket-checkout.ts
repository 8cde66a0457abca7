import type { TBasketCheckoutRequest } from '@farha/contracts/basket';
import { ZCreateOrderResponse } from '@farha/contracts/checkout';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/client/basket/checkout: one order for every line, and the gateway's page to pay it on. */
export function useBasketCheckout() {
  return useMutation({
    mutationFn: (request: TBasketCheckoutRequest) => api.post('/api/client/basket/checkout', request, { schema: ZCreateOrderResponse }),
  });
}
