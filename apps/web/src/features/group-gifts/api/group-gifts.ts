import {
  ZGroupGift,
  ZGroupGiftCheckoutResponse,
  ZGroupGiftChoiceResponse,
  ZGroupGiftContributionReceipt,
  ZGroupGiftCreateResponse,
  ZGroupGiftList,
  ZGroupGiftPublic,
  ZGroupGiftRemindResponse,
  type TGroupGift,
  type TGroupGiftChoiceRequest,
  type TGroupGiftContributionRequest,
  type TGroupGiftCreateRequest,
} from '@farha/contracts/group-gifts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useLiveQueries } from '@/lib/realtime';

export const groupGiftKeys = {
  pot: (token: string) => ['group-gifts', 'pot', token] as const,
  receipt: (token: string, orderId: string) => ['group-gifts', 'receipt', token, orderId] as const,
  mine: (page: number) => ['group-gifts', 'mine', page] as const,
  one: (id: string) => ['group-gifts', 'one', id] as const,
};

const enc = encodeURIComponent;

/** GET /api/group-gifts/:token: the pot as anyone with its link sees it. */
export function useGroupGiftPot(token: string) {
  return useQuery({
    queryKey: groupGiftKeys.pot(token),
    queryFn: ({ signal }) => api.get(`/api/group-gifts/${enc(token)}`, { schema: ZGroupGiftPublic, signal }),
    enabled: token !== '',
    retry: false,
  });
}

/** POST /api/group-gifts/:token/contributions: the pending contribution and the gateway's page to open. */
export function useContribute(token: string) {
  return useMutation({
    mutationFn: (body: TGroupGiftContributionRequest) =>
      api.post(`/api/group-gifts/${enc(token)}/contributions`, body, { schema: ZGroupGiftCheckoutResponse }),
  });
}

/** The outcome is pushed on the stream (docs/product/realtime.md §6); asked this often only while the stream is down. */
const FALLBACK_POLL_MS = 3_000;

/** GET /api/group-gifts/:token/contributions/:orderId: a contribution's return page (no account needed). */
export function useContributionReceipt(token: string, orderId: string) {
  const key = groupGiftKeys.receipt(token, orderId);
  const enabled = token !== '' && orderId !== '';
  const live = useLiveQueries({ 'order.payment': (payment) => (payment.orderId === orderId ? [key] : []) }, { enabled, onReady: [key] });
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get(`/api/group-gifts/${enc(token)}/contributions/${enc(orderId)}`, { schema: ZGroupGiftContributionReceipt, signal }),
    enabled,
    retry: false,
    refetchInterval: (query) => (!live && query.state.data?.status === 'pending' ? FALLBACK_POLL_MS : false),
  });
}

/** POST /api/client/group-gifts: a new pot and its link. */
export function useCreateGroupGift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TGroupGiftCreateRequest) => api.post('/api/client/group-gifts', body, { schema: ZGroupGiftCreateResponse }),
    onSuccess: ({ groupGift }) => {
      client.setQueryData(groupGiftKeys.one(groupGift.id), groupGift);
      void client.invalidateQueries({ queryKey: ['group-gifts', 'mine'] });
    },
  });
}

export const MY_GROUP_GIFTS_PAGE_SIZE = 20;

/** GET /api/client/group-gifts: the organiser's pots, newest first, a page at a time. */
export function useMyGroupGifts(page: number) {
  return useQuery({
    queryKey: groupGiftKeys.mine(page),
    queryFn: ({ signal }) => api.get(`/api/client/group-gifts?page=${page}&pageSize=${MY_GROUP_GIFTS_PAGE_SIZE}`, { schema: ZGroupGiftList, signal }),
    placeholderData: keepPreviousData,
  });
}

/** While money moves (contributions arriving, a gift being bought, refunds), the organiser's view is read this often. */
const MOVING_POLL_MS = 30_000;
const MOVING = new Set<TGroupGift['status']>(['open', 'funded', 'refunding']);

/** GET /api/client/group-gifts/:id: the organiser's full view (contributors' payments are theirs: not pushed to the organiser). */
export function useMyGroupGift(id: string) {
  return useQuery({
    queryKey: groupGiftKeys.one(id),
    queryFn: ({ signal }) => api.get(`/api/client/group-gifts/${enc(id)}`, { schema: ZGroupGift, signal }),
    enabled: id !== '',
    retry: false,
    refetchInterval: (query) => (query.state.data && MOVING.has(query.state.data.status) ? MOVING_POLL_MS : false),
  });
}

function useGroupGiftAction<TBody, TResult>(id: string, run: (body: TBody) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      const groupGift = ZGroupGift.safeParse((answer as { groupGift?: unknown } | null)?.groupGift);
      if (groupGift.success) client.setQueryData(groupGiftKeys.one(id), groupGift.data);
      void client.invalidateQueries({ queryKey: groupGiftKeys.one(id) });
      void client.invalidateQueries({ queryKey: ['group-gifts', 'mine'] });
    },
  });
}

/** POST /api/client/group-gifts/:id/cancel: everyone refunded. */
export function useCancelGroupGift(id: string) {
  return useGroupGiftAction(id, () => api.post<unknown>(`/api/client/group-gifts/${enc(id)}/cancel`, {}));
}

/** POST /api/client/group-gifts/:id/remind: an e-mail to past contributors (once a day). */
export function useRemindGroupGift(id: string) {
  return useGroupGiftAction(id, () => api.post(`/api/client/group-gifts/${enc(id)}/remind`, {}, { schema: ZGroupGiftRemindResponse }));
}

/** POST /api/client/group-gifts/:id/choice: what becomes of a pot short of its target. */
export function useGroupGiftChoice(id: string) {
  return useGroupGiftAction(id, (body: TGroupGiftChoiceRequest) => api.post(`/api/client/group-gifts/${enc(id)}/choice`, body, { schema: ZGroupGiftChoiceResponse }));
}

/** The organiser's group card: a PDF link (a download, not a fetch). */
export const groupCardPdfHref = (id: string) => `/api/client/group-gifts/${enc(id)}/card.pdf`;
