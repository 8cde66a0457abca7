import { ZPartnerMe, type TPartnerMe } from '@farha/contracts/areas';
import type { TPartnerPermission } from '@farha/contracts/partner';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError, NETWORK_ERROR } from '@/lib/api';
import { keepOffline, readOffline } from '@/lib/offline-session';

export const partnerKeys = {
  all: ['partner'] as const,
  me: ['partner', 'me'] as const,
  dashboard: ['partner', 'dashboard'] as const,
  transactions: ['partner', 'transactions'] as const,
  payouts: ['partner', 'payouts'] as const,
  offers: ['partner', 'offers'] as const,
  reservations: ['partner', 'reservations'] as const,
  availability: ['partner', 'availability'] as const,
  profile: ['partner', 'profile'] as const,
  settings: ['partner', 'settings'] as const,
  tickets: ['partner', 'tickets'] as const,
  faq: ['partner', 'faq'] as const,
  status: ['partner', 'status'] as const,
};

/** GET /api/partner/me: the signed-in member's partner, role in it and permissions. */
export function usePartnerMe() {
  return useQuery({
    queryKey: partnerKeys.me,
    queryFn: async ({ signal }) => {
      try {
        const me = await api.get('/api/partner/me', { schema: ZPartnerMe, signal });
        keepOffline('me', me);
        return me;
      } catch (error) {
        // Issue 26: without a network the portal (and its scanner) works from the last answer.
        const kept = error instanceof ApiError && error.code === NETWORK_ERROR ? readOffline<TPartnerMe>('me') : null;
        if (kept) return kept;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

/** docs/product/partners.md §2: the owner holds every permission; staff the ones the owner gave them. */
export function can(me: TPartnerMe | undefined, permission: TPartnerPermission): boolean {
  if (!me) return false;
  return me.memberRole === 'owner' || me.permissions.includes(permission);
}
