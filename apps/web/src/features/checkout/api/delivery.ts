import { ZWilayaDelivery, type TWilayaDelivery } from '@farha/contracts/delivery';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Issue 38 (docs/product/delivery.md): the chosen wilaya's communes, stop desks, fees and limits (the courier's). */
export function useWilayaDelivery(code: number | null) {
  return useQuery({
    queryKey: ['delivery', 'wilaya', code],
    queryFn: ({ signal }) => api.get(`/api/public/delivery/wilayas/${code}`, { schema: ZWilayaDelivery, signal }),
    enabled: code !== null,
    staleTime: 10 * 60_000,
  });
}

/**
 * The fee the checkout shows before paying (docs/product/delivery.md): free from the threshold on (the box's
 * price less its discount), otherwise the wilaya's fee for the method. The server computes it again.
 */
export function deliveryFee(info: TWilayaDelivery, method: 'home' | 'stopdesk', boxAmount: number): number {
  return boxAmount >= info.freeDeliveryThreshold ? 0 : info.fees[method];
}

export interface ShippingQuote {
  /** The chosen wilaya's courier data, once loaded. */
  info: TWilayaDelivery | undefined;
  /** The fee in dinars, null until a wilaya is chosen (or for an e-mail voucher: 0). */
  fee: number | null;
  /** What is charged: the box less its discount, plus the fee. */
  total: number;
  /** « Paiement à la livraison » is offered (physical, cash on, total within the ceiling). */
  cashAllowed: boolean;
  /** Why cash is not offered for a physical box: over the ceiling, or cash turned off. */
  cashRefusal: 'ceiling' | 'disabled' | null;
}

/** The delivery's figures for the form's current choice (docs/product/delivery.md §fees and cash). */
export function useShippingQuote(choice: { fulfilment: string; shippingMethod: string; wilayaCode: string }, boxAmount: number): ShippingQuote {
  const physical = choice.fulfilment === 'physical';
  const code = physical && choice.wilayaCode ? Number(choice.wilayaCode) : null;
  const { data: info } = useWilayaDelivery(code);
  if (!physical) return { info: undefined, fee: 0, total: boxAmount, cashAllowed: false, cashRefusal: null };
  const fee = info ? deliveryFee(info, choice.shippingMethod === 'home' ? 'home' : 'stopdesk', boxAmount) : null;
  const total = boxAmount + (fee ?? 0);
  const cashRefusal = !info ? null : !info.codEnabled ? 'disabled' : total > info.codCeiling ? 'ceiling' : null;
  return { info, fee, total, cashAllowed: info !== undefined && cashRefusal === null, cashRefusal };
}
