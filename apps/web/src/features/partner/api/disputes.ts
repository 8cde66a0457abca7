import { ZDispute, ZDisputeResponse, type TDispute } from '@farha/contracts/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { useLocalizedSelect } from '@/lib/localized';

const key = ['partner', 'disputes'] as const;

/** GET /api/partner/disputes: the disputes about this partner only (issue 14). */
export function usePartnerDisputes() {
  const select = useLocalizedSelect<{ disputes: TDispute[] }>();
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get('/api/partner/disputes', { schema: z.object({ disputes: z.array(ZDispute) }), signal }),
    select,
  });
}

export function useRespondDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) =>
      api.post(`/api/partner/disputes/${encodeURIComponent(id)}/respond`, { message }, { schema: ZDisputeResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
