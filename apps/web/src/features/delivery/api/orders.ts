import { ZOrder, type TOrder } from '@farha/contracts/checkout';
import {
  ZCashConfirmationResponse,
  ZCashConfirmationState,
  ZCashResendResponse,
  ZCustomerShipment,
} from '@farha/contracts/delivery';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useLocalizedSelect } from '@/lib/localized';

/** Issue 38 (docs/product/delivery.md §3, §5): a buyer's cash confirmation and the parcel of their order. */
export const deliveryOrderKeys = {
  order: (id: string) => ['delivery', 'order', id] as const,
  confirmation: (id: string) => ['delivery', 'order', id, 'confirmation'] as const,
  shipment: (id: string) => ['delivery', 'order', id, 'shipment'] as const,
};

const enc = encodeURIComponent;

/** GET /api/orders/:id: the purchaser's own order (its status, box and amount). */
export function useBuyerOrder(id: string) {
  const select = useLocalizedSelect<TOrder>();
  return useQuery({
    queryKey: deliveryOrderKeys.order(id),
    queryFn: ({ signal }) => api.get(`/api/orders/${enc(id)}`, { schema: ZOrder, signal }),
    select,
    retry: false,
  });
}

/** GET /api/client/orders/:id/cash-confirmation: the masked mobile, the code's expiry, tries and resends left. */
export function useCashConfirmationState(id: string, enabled: boolean) {
  return useQuery({
    queryKey: deliveryOrderKeys.confirmation(id),
    queryFn: ({ signal }) => api.get(`/api/client/orders/${enc(id)}/cash-confirmation`, { schema: ZCashConfirmationState, signal }),
    enabled,
    retry: false,
  });
}

export function useConfirmCash(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post(`/api/client/orders/${enc(id)}/cash-confirmation`, { code }, { schema: ZCashConfirmationResponse }),
    onSettled: () => client.invalidateQueries({ queryKey: ['delivery', 'order', id] }),
  });
}

export function useResendCashCode(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`/api/client/orders/${enc(id)}/cash-confirmation/resend`, undefined, { schema: ZCashResendResponse }),
    onSettled: () => client.invalidateQueries({ queryKey: deliveryOrderKeys.confirmation(id) }),
  });
}

/** GET /api/client/orders/:id/shipment: the parcel and its steps (null for an e-mail voucher). */
export function useOrderShipment(id: string, enabled = true) {
  return useQuery({
    queryKey: deliveryOrderKeys.shipment(id),
    queryFn: ({ signal }) => api.get(`/api/client/orders/${enc(id)}/shipment`, { schema: ZCustomerShipment, signal }),
    enabled,
    retry: false,
  });
}
