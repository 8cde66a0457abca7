import { ZDispute, ZDisputeResponse, type TCreateDisputeRequest, type TDispute } from '@farha/contracts/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { useLocalizedSelect } from '@/lib/localized';
import { customerKeys } from './vouchers';

/** POST /api/client/disputes: a dispute on one of the customer's vouchers (issue 14). */
export function useOpenDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateDisputeRequest) => api.post('/api/client/disputes', body, { schema: ZDisputeResponse }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: customerKeys.vouchers });
      void queryClient.invalidateQueries({ queryKey: ['client', 'disputes'] });
    },
  });
}

/** GET /api/client/disputes: the signed-in customer's own disputes with their timelines. */
export function useMyDisputes() {
  const select = useLocalizedSelect<{ disputes: TDispute[] }>();
  return useQuery({
    queryKey: ['client', 'disputes'],
    queryFn: ({ signal }) => api.get('/api/client/disputes', { schema: z.object({ disputes: z.array(ZDispute) }), signal }),
    select,
  });
}
