import { ZHistoryResponse, type THistoryQuery, type THistoryResponse } from '@farha/contracts/customer';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useLocalizedSelect } from '@/lib/localized';

/** GET /api/client/history: the customer's real purchases, filtered and sorted by the server. */
export function useHistory(query: THistoryQuery) {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.status && query.status !== 'all') params.set('status', query.status);
  if (query.period && query.period !== 'all') params.set('period', query.period);
  if (query.sort && query.sort !== 'date-desc') params.set('sort', query.sort);
  const search = params.toString();
  const select = useLocalizedSelect<THistoryResponse>();
  return useQuery({
    queryKey: ['customer', 'history', search],
    queryFn: ({ signal }) => api.get(`/api/client/history${search ? `?${search}` : ''}`, { schema: ZHistoryResponse, signal }),
    placeholderData: keepPreviousData,
    select,
  });
}
