import { ZDemoInfo } from '@farha/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Demo mode's quick-login accounts and shared password (docs/product/accounts-and-roles.md §13). */
export function useDemoInfo() {
  return useQuery({
    queryKey: ['auth', 'demo'],
    queryFn: ({ signal }) => api.get('/api/auth/demo', { schema: ZDemoInfo, signal }),
    staleTime: Infinity,
    retry: false,
  });
}
