import {
  ZAdminCompanyPage,
  ZCheckResult,
  ZCompaniesOverview,
  ZCompanyBoxChoices,
  ZCompanyMe,
  ZCompanyOrder,
  ZCompanyOrderPage,
  ZInvoicePage,
  ZRecipientInput,
  ZRecipientPage,
  type TRecipientInput,
} from '@farha/contracts/company';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useLiveQueries } from '@/lib/realtime';
import { postForm } from '@/lib/upload';

export const companyKeys = {
  all: ['company'] as const,
  me: ['company', 'me'] as const,
  orders: (page: number) => ['company', 'orders', page] as const,
  order: (id: string) => ['company', 'order', id] as const,
  recipients: (id: string, page: number, status: string) => ['company', 'order', id, 'recipients', page, status] as const,
  admin: ['company-admin'] as const,
};

export const useCompanyMe = () => useQuery({ queryKey: companyKeys.me, queryFn: ({ signal }) => api.get('/api/company/me', { schema: ZCompanyMe, signal }) });

export const useCompanyOrders = (page: number) =>
  useQuery({ queryKey: companyKeys.orders(page), queryFn: ({ signal }) => api.get(`/api/company/orders?page=${page}&pageSize=20`, { schema: ZCompanyOrderPage, signal }) });

/** Issue 36: the order's progress is pushed; it is asked for this often only while the stream is down. */
const ORDER_FALLBACK_MS = 2_000;

/**
 * An order and its progress bar: its payment's outcome and each batch of vouchers issued are pushed to the
 * company's members (docs/product/realtime.md §6); polled while its vouchers are being issued only while the
 * stream is down.
 */
export function useCompanyOrder(id: string) {
  const live = useLiveQueries(
    {
      'company.order': (progress) => (progress.orderId === id ? [companyKeys.order(id)] : []),
      // The payment's own order (another id): only its purchaser receives it, and this page is theirs then.
      'order.payment': () => [companyKeys.order(id)],
    },
    { onReady: [companyKeys.order(id)] },
  );
  return useQuery({
    queryKey: companyKeys.order(id),
    queryFn: ({ signal }) => api.get(`/api/company/orders/${id}`, { schema: ZCompanyOrder, signal }),
    refetchInterval: (query) => (!live && query.state.data && ['issuing', 'awaiting_payment'].includes(query.state.data.status) ? ORDER_FALLBACK_MS : false),
  });
}

export const useRecipients = (id: string, page: number, status: string) =>
  useQuery({
    queryKey: companyKeys.recipients(id, page, status),
    queryFn: ({ signal }) => api.get(`/api/company/orders/${id}/recipients?page=${page}&pageSize=50&status=${status}`, { schema: ZRecipientPage, signal }),
    placeholderData: (previous) => previous,
  });

export const checkFile = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return postForm('/api/company/orders/file', form, ZCheckResult.extend({ input: ZRecipientInput.array() }));
};
/** The active boxes a recipient row may name, for the order form's select (issue 34). */
export const useCompanyBoxes = () =>
  useQuery({ queryKey: [...companyKeys.all, 'boxes'], queryFn: ({ signal }) => api.get('/api/company/orders/boxes', { schema: ZCompanyBoxChoices, signal }), staleTime: 60_000 });
/** Issue 35: with a promo code a promotion opens to companies, the quote has its discount (docs/product/promotions.md §13). */
export const checkRows = (rows: TRecipientInput[], promoCode?: string) =>
  api.post('/api/company/orders/check', { rows, ...(promoCode ? { promoCode } : {}) }, { schema: ZCheckResult });

export function useInvalidateCompany() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: companyKeys.all });
}

export const useCompaniesOverview = () => useQuery({ queryKey: [...companyKeys.admin, 'overview'], queryFn: ({ signal }) => api.get('/api/admin/companies/overview', { schema: ZCompaniesOverview, signal }) });
export const useAdminCompanies = (status: string) =>
  useQuery({ queryKey: [...companyKeys.admin, 'companies', status], queryFn: ({ signal }) => api.get(`/api/admin/companies?status=${status}&pageSize=50`, { schema: ZAdminCompanyPage, signal }) });
export const useAdminCompanyOrders = (status: string) =>
  useQuery({ queryKey: [...companyKeys.admin, 'orders', status], queryFn: ({ signal }) => api.get(`/api/admin/company-orders?status=${status}&pageSize=50`, { schema: ZCompanyOrderPage, signal }) });
export const useAdminInvoices = () =>
  useQuery({ queryKey: [...companyKeys.admin, 'invoices'], queryFn: ({ signal }) => api.get('/api/admin/company-invoices?pageSize=50', { schema: ZInvoicePage, signal }) });

export function useAdminAction<T, R = unknown>(run: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => client.invalidateQueries({ queryKey: companyKeys.admin }) });
}
