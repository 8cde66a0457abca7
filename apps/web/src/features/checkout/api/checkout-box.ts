import { ZBoxSummary } from '@farha/contracts/catalog';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { useLocalizedSelect } from '@/lib/localized';

/** The fields of a box that the checkout shows (GET /api/boxes/:id answers more). */
export const ZCheckoutBox = ZBoxSummary.pick({
  id: true,
  name: true,
  description: true,
  nameAr: true,
  descriptionAr: true,
  price: true,
  imageUrl: true,
  category: true,
  validityDays: true,
  exchangeOnce: true,
  offerCount: true,
});
export type TCheckoutBox = z.infer<typeof ZCheckoutBox>;

/** A box handed over in navigation state, when it is one (and the right one). */
export function boxFromState(state: unknown, id: string | null): TCheckoutBox | undefined {
  const parsed = ZCheckoutBox.safeParse(state);
  if (!parsed.success || (id !== null && parsed.data.id !== id)) return undefined;
  return parsed.data;
}

/**
 * The box being bought, always fetched (price and availability are the server's), shown at once
 * from the navigation state when the catalogue or box page handed it over.
 */
export function useCheckoutBox(id: string | null, fromState: TCheckoutBox | undefined) {
  const select = useLocalizedSelect<TCheckoutBox>();
  return useQuery({
    queryKey: ['checkout', 'box', id],
    queryFn: ({ signal }) => api.get(`/api/boxes/${encodeURIComponent(id ?? '')}`, { schema: ZCheckoutBox, signal }),
    enabled: id !== null,
    initialData: fromState,
    initialDataUpdatedAt: 0, // stale: fetched again straight away
    select,
  });
}
