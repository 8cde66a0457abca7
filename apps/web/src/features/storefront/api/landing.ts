import type { TLocale } from '@farha/contracts/auth';
import {
  defaultLandingConfig,
  ZLandingResponse,
  ZNewsletterResponse,
  type TLandingResponse,
} from '@farha/contracts/landing';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '@/lib/api';

/** spec 01 §2: the homepage reads the published landing configuration, or the defaults if that fails. */
export function useLanding(locale: TLocale) {
  const query = useQuery({
    queryKey: ['landing', locale],
    queryFn: ({ signal }) => api.get(`/api/landing?locale=${locale}`, { schema: ZLandingResponse, signal }),
    staleTime: 5 * 60_000,
    retry: 1,
  });
  const fallback = useMemo<TLandingResponse>(
    () => ({ ...defaultLandingConfig(locale), source: 'default', updatedAt: null }),
    [locale],
  );
  return { landing: query.data ?? fallback, isLoading: query.isPending, isFallback: !query.data };
}

export function useSubscribeNewsletter() {
  return useMutation({
    mutationFn: (input: { email: string; locale: TLocale }) =>
      api.post('/api/newsletter', input, { schema: ZNewsletterResponse }),
  });
}
