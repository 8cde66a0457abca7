import type { TSiteStatus } from '@farha/contracts/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from './api';
import { useSignedIn } from './auth';

const key = ['site-status'] as const;

/**
 * GET /api/site: maintenance mode and the password minimum length (docs/product/back-office.md §7). Issue 36
 * (docs/product/realtime.md §6, §7): a signed-in page whose stream is open learns of a settings change by push
 * (`site.status`, heard passively: this hook never opens a stream); a visitor, who has none, and a page whose
 * stream is down check it every minute.
 */
export function useSiteStatus() {
  const live = useSiteStatusPush(useSignedIn());
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<TSiteStatus>('/api/site', { signal }),
    staleTime: 30_000,
    refetchInterval: live ? false : 60_000,
  });
}

/**
 * Whether a signed-in page's stream is open, reading /api/site again on `site.status` and when the stream opens
 * afresh. The stream's code is loaded only for someone signed in: a visitor never has a stream, and their first
 * visit stays within its script budget (e2e/storefront-ssr.e2e.ts).
 */
function useSiteStatusPush(signedIn: boolean): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!signedIn) return;
    let stop: (() => void) | undefined;
    let gone = false;
    void import('./realtime').then(({ realtimeConnected, subscribeRealtime, watchRealtimeConnected }) => {
      if (gone) return;
      const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
      const off = [
        subscribeRealtime({ topic: 'site.status', on: refresh }, { passive: true }),
        subscribeRealtime({ topic: 'ready', on: refresh }, { passive: true }),
        watchRealtimeConnected(() => setLive(realtimeConnected())),
      ];
      setLive(realtimeConnected());
      stop = () => off.forEach((unsubscribe) => unsubscribe());
    });
    return () => {
      gone = true;
      stop?.();
      setLive(false);
    };
  }, [signedIn, queryClient]);
  return live;
}
