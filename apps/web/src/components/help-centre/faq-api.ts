import { ZFaqViewResponse } from '@farha/contracts/support';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/faq/:id/view: counts a reading of an answer (the FAQ entry calls it once per page visit). */
export function useFaqView() {
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/faq/${encodeURIComponent(id)}/view`, {}, { schema: ZFaqViewResponse }),
  });
}
