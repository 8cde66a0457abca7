import {
  ZMessageResponse,
  ZOfferImageResponse,
  ZPartnerOffer,
  ZPartnerOfferList,
  type OFFER_SORTS,
  type TOfferInput,
  type TOfferPatch,
} from '@farha/contracts/partner';
import type { TOfferCategory } from '@farha/contracts/catalog';
import { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { postForm } from '@/lib/upload';
import { partnerKeys } from './me';

export interface OfferFilters {
  q: string;
  category: '' | TOfferCategory;
  status: '' | 'active' | 'inactive';
  sort: (typeof OFFER_SORTS)[number];
}

/** Writes answer the offer and the server's message ('Offre créée', 'Offre désactivée'…). */
const ZOfferResponse = z.object({ offer: ZPartnerOffer, message: z.string() });

export function useOffers(filters: OfferFilters) {
  const query: Record<string, string> = { sort: filters.sort };
  if (filters.q.trim()) query.q = filters.q.trim();
  if (filters.category) query.category = filters.category;
  if (filters.status) query.status = filters.status;
  return useQuery({
    queryKey: [...partnerKeys.offers, filters],
    queryFn: ({ signal }) =>
      api.get(`/api/partner/offers?${new URLSearchParams(query)}`, { schema: ZPartnerOfferList, signal }),
    placeholderData: keepPreviousData,
  });
}

function useOfferInvalidation() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: partnerKeys.offers }),
      queryClient.invalidateQueries({ queryKey: partnerKeys.dashboard }),
    ]);
}

export function useSaveOffer() {
  const invalidate = useOfferInvalidation();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: TOfferInput | TOfferPatch }) =>
      id
        ? api.patch(`/api/partner/offers/${encodeURIComponent(id)}`, values, { schema: ZOfferResponse })
        : api.post('/api/partner/offers', values, { schema: ZOfferResponse }),
    onSuccess: invalidate,
  });
}

export function useToggleOffer() {
  const invalidate = useOfferInvalidation();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/partner/offers/${encodeURIComponent(id)}/toggle`, {}, { schema: ZOfferResponse }),
    onSettled: invalidate,
  });
}

export function useDeleteOffer() {
  const invalidate = useOfferInvalidation();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/partner/offers/${encodeURIComponent(id)}`, { schema: ZMessageResponse }),
    onSuccess: invalidate,
  });
}

/** POST /api/partner/offers/image (multipart): the uploaded picture's URL, to put in `imageUrl`. */
export async function uploadOfferImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  return (await postForm('/api/partner/offers/image', body, ZOfferImageResponse)).url;
}
