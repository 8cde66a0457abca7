import { ZPartnerTransaction, ZPartnerTransactionList, type TPartnerTransaction, type TPartnerTransactionList, type TTransactionQuery } from '@farha/contracts/partner';
import { z } from 'zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useLocalizedSelect } from '@/lib/localized';
import { partnerKeys } from './me';

export interface TransactionFilters {
  q: string;
  status: '' | 'validated' | 'pending' | 'settled' | 'disputed';
  period: '' | 'today' | 'week' | 'month';
  page: number;
}

export const TRANSACTIONS_PAGE_SIZE = 25;

function searchOf(filters: Omit<TransactionFilters, 'page'> & { page?: number; pageSize?: number }): string {
  const query: Record<string, string> = {};
  const input: TTransactionQuery = {
    q: filters.q.trim() || undefined,
    status: filters.status || undefined,
    period: filters.period || undefined,
    page: filters.page,
    pageSize: filters.pageSize,
  };
  for (const [key, value] of Object.entries(input)) if (value !== undefined) query[key] = String(value);
  const search = new URLSearchParams(query).toString();
  return search ? `?${search}` : '';
}

export function useTransactions(filters: TransactionFilters) {
  const select = useLocalizedSelect<TPartnerTransactionList>();
  return useQuery({
    queryKey: [...partnerKeys.transactions, 'list', filters],
    queryFn: ({ signal }) =>
      api.get(`/api/partner/transactions${searchOf({ ...filters, pageSize: TRANSACTIONS_PAGE_SIZE })}`, {
        schema: ZPartnerTransactionList,
        signal,
      }),
    select,
    placeholderData: keepPreviousData,
  });
}

const ZTransactionResponse = z.object({ transaction: ZPartnerTransaction });

export function useTransaction(id: string | null) {
  const select = useLocalizedSelect<TPartnerTransaction>();
  return useQuery({
    queryKey: [...partnerKeys.transactions, 'detail', id],
    queryFn: ({ signal }) =>
      api
        .get(`/api/partner/transactions/${encodeURIComponent(id ?? '')}`, { schema: ZTransactionResponse, signal })
        .then((answer) => answer.transaction),
    select,
    enabled: id !== null,
  });
}

/** The CSV of the same filters as the list (every page). */
export function transactionsCsvUrl(filters: Omit<TransactionFilters, 'page'>): string {
  return `/api/partner/transactions.csv${searchOf(filters)}`;
}
