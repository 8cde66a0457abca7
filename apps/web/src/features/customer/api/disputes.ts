import { ZDisputeResponse, type TCreateDisputeRequest } from '@farha/contracts/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { customerKeys } from './vouchers';

/** POST /api/client/disputes: a dispute on one of the customer's vouchers (issue 14). */
export function useOpenDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateDisputeRequest) => api.post('/api/client/disputes', body, { schema: ZDisputeResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.vouchers }),
  });
}
