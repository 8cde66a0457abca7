import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from './auth';
import { readLocalLines } from './basket';

let mergingFor: string | null = null;

/**
 * Issue 34 (docs/product/basket.md §3): once a customer is signed in (login, registration, or a session found
 * on load), the visitor's lines of this browser go into their basket, then the local copy is cleared
 * (lib/basket-merge.ts, loaded only when there is something to merge). Once per user and page; a merge that
 * failed is tried again at the next sign-in, the lines kept.
 */
export function useBasketMerge(onError: (error: unknown) => void): void {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.role === 'customer' ? user.id : null;
  useEffect(() => {
    if (!userId || mergingFor === userId || readLocalLines().length === 0) return;
    mergingFor = userId;
    import('./basket-merge')
      .then(({ mergeVisitorBasket }) => mergeVisitorBasket(queryClient))
      .catch((error: unknown) => {
        mergingFor = null;
        onError(error);
      });
  }, [userId, queryClient, onError]);
}
