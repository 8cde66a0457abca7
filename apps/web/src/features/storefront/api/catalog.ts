// Types only: the storefront's pages read these answers without zod (lib/api.ts).
import type {
  TBoxDetail,
  TBoxListQuery,
  TBoxListResponse,
  TFavouriteList,
  TPartnerListResponse,
} from '@farha/contracts/catalog';
import type { TVoucherStatus } from '@farha/contracts/vouchers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { isHydrating } from '@/lib/hydration';
import { useAuth } from '@/lib/auth';
import { useLocalizedSelect } from '@/lib/localized';

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
    limit: query.limit,
  };
  const select = useLocalizedSelect<TBoxListResponse>();
  return useQuery({
    queryKey: catalogKeys.boxes(params),
    queryFn: ({ signal }) => api.get<TBoxListResponse>(`/api/boxes${queryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
    select,
  });
}

export function useBox(id: string | undefined) {
  const select = useLocalizedSelect<TBoxDetail>();
  return useQuery({
    queryKey: catalogKeys.box(id ?? ''),
    queryFn: ({ signal }) => api.get<TBoxDetail>(`/api/boxes/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    // An unknown box drawn by the server comes with its 404: hydration does not ask again.
    retryOnMount: !isHydrating(),
    select,
  });
}

export function usePartners() {
  return useQuery({
    queryKey: catalogKeys.partners,
    queryFn: ({ signal }) => api.get<TPartnerListResponse>('/api/partners', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Ids of the signed-in user's favourite boxes (empty when logged out). */
export function useFavourites() {
  const { user } = useAuth();
  return useQuery({
    queryKey: catalogKeys.favourites(user?.id),
    queryFn: ({ signal }) => api.get<TFavouriteList>('/api/favourites', { signal }),
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
interface ListedVoucher {
  id: string;
  code: string;
  status: TVoucherStatus;
  expiresAt: string;
  box?: { id: string };
  boxId?: string;
  recipient?: { name: string };
  recipientName?: string;
}

function ownedVouchers({ vouchers }: { vouchers: ListedVoucher[] }): OwnedVoucher[] {
  return vouchers.map((v) => ({
    id: v.id,
    code: v.code,
    status: v.status,
    boxId: v.box?.id ?? v.boxId ?? '',
    recipientName: v.recipient?.name ?? v.recipientName ?? '',
    expiresAt: v.expiresAt,
  }));
}

/** The signed-in customer's vouchers of one box ('Possédé (n)' and the list on the box page). */
export function useMyVouchersForBox(boxId: string | undefined): OwnedVoucher[] {
  const { user } = useAuth();
  const isCustomer = user?.role === 'customer';
  const { data } = useQuery({
    queryKey: [...catalogKeys.ownedVouchers(user?.id), boxId],
    // The server filters by box (the list is paginated): the first 100 are plenty for "Possédé (n)".
    queryFn: async ({ signal }) =>
      ownedVouchers(
        await api.get<{ vouchers: ListedVoucher[] }>(`/api/client/vouchers?${new URLSearchParams({ boxId: boxId ?? '', limit: '100' })}`, { signal }),
      ),
    enabled: isCustomer && Boolean(boxId),
  });
  if (!isCustomer || !boxId) return [];
  return data?.filter((v) => v.boxId === boxId) ?? [];
}
