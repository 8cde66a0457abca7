import { ZGoodwillGiftCardList, ZGoodwillGiftCardResponse, type TGoodwillGiftCardRequest } from '@farha/contracts/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { deskKeys } from './desk';

/** Where a goodwill gift card is given from (docs/product/gift-cards.md §9): a customer's ticket or a dispute. */
export type GoodwillSource = { kind: 'tickets' | 'disputes'; id: string };

const base = (of: GoodwillSource) => `/api/support/${of.kind}/${encodeURIComponent(of.id)}/gift-cards`;
const key = (of: GoodwillSource) => [...deskKeys.all, 'goodwill', of.kind, of.id] as const;

/** The ticket's or dispute's goodwill cards (the first 50, oldest first) and the ceiling from the settings. */
export function useGoodwillGiftCards(of: GoodwillSource) {
  return useQuery({
    queryKey: key(of),
    queryFn: ({ signal }) => api.get(`${base(of)}?pageSize=50`, { schema: ZGoodwillGiftCardList, signal }),
  });
}

export function useIssueGoodwillGiftCard(of: GoodwillSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TGoodwillGiftCardRequest) => api.post(base(of), body, { schema: ZGoodwillGiftCardResponse }),
    onSuccess: () => {
      // A card from a dispute shows on its ticket too, and the ticket's thread gets the internal note.
      void queryClient.invalidateQueries({ queryKey: [...deskKeys.all, 'goodwill'] });
      void queryClient.invalidateQueries({ queryKey: [...deskKeys.tickets, 'detail'] });
    },
  });
}
