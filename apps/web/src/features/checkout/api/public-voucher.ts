import { ZPublicVoucher, type TPublicVoucher } from '@farha/contracts/checkout';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useLocalizedSelect } from '@/lib/localized';

/** GET /api/public/vouchers/:code: what anyone holding the code (or scanning the QR) may see. */
export function usePublicVoucher(code: string) {
  const select = useLocalizedSelect<TPublicVoucher>();
  return useQuery({
    queryKey: ['checkout', 'public-voucher', code],
    queryFn: ({ signal }) =>
      api.get(`/api/public/vouchers/${encodeURIComponent(code)}`, { schema: ZPublicVoucher, signal }),
    select,
  });
}
