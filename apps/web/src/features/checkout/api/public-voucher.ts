import { ZPublicVoucher } from '@farha/contracts/checkout';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/public/vouchers/:code: what anyone holding the code (or scanning the QR) may see. */
export function usePublicVoucher(code: string) {
  return useQuery({
    queryKey: ['checkout', 'public-voucher', code],
    queryFn: ({ signal }) =>
      api.get(`/api/public/vouchers/${encodeURIComponent(code)}`, { schema: ZPublicVoucher, signal }),
  });
}
