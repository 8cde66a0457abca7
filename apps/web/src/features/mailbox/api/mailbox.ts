import { ZDemoInfo } from '@farha/contracts/auth';
import { ZMailboxDetail, ZMailboxList } from '@farha/contracts/checkout';
import { ZSmsList } from '@farha/contracts/sms';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Whether demo mode is on (the same call and cache entry as the login page's demo accounts). */
export function useDemoMode() {
  return useQuery({
    queryKey: ['auth', 'demo'],
    queryFn: ({ signal }) => api.get('/api/auth/demo', { schema: ZDemoInfo, signal }),
    staleTime: Infinity,
    retry: false,
    select: (info) => info.demoMode,
  });
}

/**
 * spec: the list refreshes itself every 5 s, so a purchase's e-mails show up on their own. Issue 36: kept as
 * polling (docs/product/realtime.md §7): a demo-mode tool that reads what the outbox sent to anyone; a push
 * would be an event per e-mail of the site to every back-office stream, for a page that is rarely open.
 */
const REFRESH_MS = 5000;

export function useMailbox(recipient: string, enabled: boolean) {
  return useQuery({
    queryKey: ['mailbox', 'list', recipient],
    queryFn: ({ signal }) =>
      api.get(`/api/demo/mailbox${recipient ? `?${new URLSearchParams({ to: recipient })}` : ''}`, {
        schema: ZMailboxList,
        signal,
      }),
    enabled,
    refetchInterval: REFRESH_MS,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useMailboxMessage(id: string) {
  return useQuery({
    queryKey: ['mailbox', 'message', id],
    queryFn: ({ signal }) => api.get(`/api/demo/mailbox/${encodeURIComponent(id)}`, { schema: ZMailboxDetail, signal }),
    // A message still queued changes (status, sent date): follow it until it is sent or failed.
    refetchInterval: (query) => (query.state.data && ['pending', 'sending'].includes(query.state.data.status) ? REFRESH_MS : false),
  });
}

/** Issue 25: the text messages, next to the e-mails; `to` filters on part of a number. */
export function useSmsBox(recipient: string, enabled: boolean) {
  const to = /\d/.test(recipient) ? recipient : '';
  return useQuery({
    queryKey: ['mailbox', 'sms', to],
    queryFn: ({ signal }) => api.get(`/api/demo/mailbox/sms${to ? `?${new URLSearchParams({ to })}` : ''}`, { schema: ZSmsList, signal }),
    enabled,
    refetchInterval: REFRESH_MS,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
