import { ZPayoutOverview, ZPayoutRequestResponse } from '@farha/contracts/partner';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { partnerKeys } from './me';

export function usePayouts() {
  return useQuery({
    queryKey: partnerKeys.payouts,
    queryFn: ({ signal }) => api.get('/api/partner/payouts', { schema: ZPayoutOverview, signal }),
  });
}

/** POST /api/partner/payouts: asks for the available net (the server checks KYC, IBAN, minimum). */
export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/partner/payouts', {}, { schema: ZPayoutRequestResponse }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: partnerKeys.payouts }),
        queryClient.invalidateQueries({ queryKey: partnerKeys.dashboard }),
        queryClient.invalidateQueries({ queryKey: partnerKeys.transactions }),
      ]),
  });
}
