import { ZDemoCourierList, type TDemoCourierAdvance } from '@farha/contracts/delivery';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';

/** Issue 38: the demo courier's parcels (COURIER=file), moved as the courier's webhook would. */
const KEY = ['demo', 'courier'] as const;

export function useDemoCourier() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get('/api/demo/courier', { schema: ZDemoCourierList, signal }),
  });
}

export function useAdvanceParcel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ tracking, to }: { tracking: string } & TDemoCourierAdvance) =>
      api.post(`/api/demo/courier/${encodeURIComponent(tracking)}/advance`, { to }, { schema: z.unknown() }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
