import {
  ZBoxDetail,
  ZBoxListResponse,
  ZFavouriteList,
  ZPartnerListResponse,
  type TBoxListQuery,
} from '@farha/contracts/catalog';
import { ZVoucherStatus, type TVoucherStatus } from '@farha/contracts/vouchers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { useAuth } from '@/lib/auth';

function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const catalogKeys = {
  boxes: (query: TBoxListQuery) => ['catalog', 'boxes', query] as const,
  box: (id: string) => ['catalog', 'box', id] as const,
  partners: ['catalog', 'partners'] as const,
  favourites: (userId: string | undefined) => ['catalog', 'favourites', userId] as const,
  ownedVouchers: (userId: string | undefined) => ['storefront', 'owned-vouchers', userId] as const,
};

/** GET /api/boxes; the previous answer stays on screen while a new filter loads. */
export function useBoxes(query: TBoxListQuery = {}) {
  const params = {
    q: query.q,
    category: query.category,
    city: query.city,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    sort: query.sort,
  };
  return useQuery({
    queryKey: catalogKeys.boxes(params),
    queryFn: ({ signal }) => api.get(`/api/boxes${queryString(params)}`, { schema: ZBoxListResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBox(id: string | undefined) {
  return useQuery({
    queryKey: catalogKeys.box(id ?? ''),
    queryFn: ({ signal }) => api.get(`/api/boxes/${encodeURIComponent(id ?? '')}`, { schema: ZBoxDetail, signal }),
    enabled: Boolean(id),
  });
}

export function usePartners() {
  return useQuery({
    queryKey: catalogKeys.partners,
    queryFn: ({ signal }) => api.get('/api/partners', { schema: ZPartnerListResponse, signal }),
    staleTime: 5 * 60_000,
  });
}

/** Ids of the signed-in user's favourite boxes (empty when logged out). */
export function useFavourites() {
  const { user } = useAuth();
  return useQuery({
    queryKey: catalogKeys.favourites(user?.id),
    queryFn: ({ signal }) => api.get('/api/favourites', { schema: ZFavouriteList, signal }),
    enabled: Boolean(user),
    select: (data) => new Set(data.boxIds),
  });
}

/** Adds or removes a favourite, showing the change at once and undoing it if the server refuses. */
export function useToggleFavourite() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const key = catalogKeys.favourites(user?.id);
  return useMutation({
    mutationFn: ({ boxId, favourite }: { boxId: string; favourite: boolean }) =>
      favourite
        ? api.put(`/api/favourites/${encodeURIComponent(boxId)}`)
        : api.delete(`/api/favourites/${encodeURIComponent(boxId)}`),
    onMutate: async ({ boxId, favourite }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<{ boxIds: string[] }>(key);
      const ids = new Set(previous?.boxIds ?? []);
      if (favourite) ids.add(boxId);
      else ids.delete(boxId);
      queryClient.setQueryData(key, { boxIds: [...ids] });
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** A voucher of the signed-in customer, as the box page shows it. */
export interface OwnedVoucher {
  id: string;
  code: string;
  status: TVoucherStatus;
  boxId: string;
  recipientName: string;
  expiresAt: string;
}

// Only the fields the box page needs, read from GET /api/client/vouchers (which the customer area owns).
const ZOwnedVouchers = z
  .object({
    vouchers: z.array(
      z.object({
        id: z.string(),
        code: z.string(),
        status: ZVoucherStatus,
        expiresAt: z.string(),
        box: z.object({ id: z.string() }).optional(),
        boxId: z.string().optional(),
        recipient: z.object({ name: z.string() }).optional(),
        recipientName: z.string().optional(),
      }),
    ),
  })
  .transform(({ vouchers }): OwnedVoucher[] =>
    vouchers.map((v) => ({
      id: v.id,
      code: v.code,
      status: v.status,
      boxId: v.box?.id ?? v.boxId ?? '',
      recipientName: v.recipient?.name ?? v.recipientName ?? '',
      expiresAt: v.expiresAt,
    })),
  );

/** The signed-in customer's vouchers of one box ('Possédé (n)' and the list on the box page). */
export function useMyVouchersForBox(boxId: string | undefined): OwnedVoucher[] {
  const { user } = useAuth();
  const isCustomer = user?.role === 'customer';
  const { data } = useQuery({
    queryKey: [...catalogKeys.ownedVouchers(user?.id), boxId],
    // The server filters by box (the list is paginated): the first 100 are plenty for "Possédé (n)".
    queryFn: ({ signal }) =>
      api.get(`/api/client/vouchers?${new URLSearchParams({ boxId: boxId ?? '', limit: '100' })}`, { schema: ZOwnedVouchers, signal }),
    enabled: isCustomer && Boolean(boxId),
  });
  if (!isCustomer || !boxId) return [];
  return data?.filter((v) => v.boxId === boxId) ?? [];
}
