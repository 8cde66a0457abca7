import { ZPartnerMe, type TPartnerMe } from '@farha/contracts/areas';
import type { TPartnerPermission } from '@farha/contracts/partner';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

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
    queryFn: ({ signal }) => api.get('/api/partner/me', { schema: ZPartnerMe, signal }),
    staleTime: 60_000,
  });
}

/** spec 02 §6: the owner holds every permission; staff the ones the owner gave them. */
export function can(me: TPartnerMe | undefined, permission: TPartnerPermission): boolean {
  if (!me) return false;
  return me.memberRole === 'owner' || me.permissions.includes(permission);
}
