import type { TSiteStatus } from '@farha/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** GET /api/site: maintenance mode and the password minimum length (docs/product/back-office.md §7), checked every minute. */
export function useSiteStatus() {
  return useQuery({
    queryKey: ['site-status'],
    queryFn: ({ signal }) => api.get<TSiteStatus>('/api/site', { signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}
