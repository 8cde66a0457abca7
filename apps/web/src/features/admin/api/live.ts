import type { QueryKey } from '@tanstack/react-query';
import { useLiveQueries } from '@/lib/realtime';

/**
 * Issue 36 (docs/product/realtime.md §6, §7): the back office's figures are pushed (`admin.figures`: a payment
 * paid or failed, a voucher redeemed, a customer signed up, a payout or a KYC request), read again at most
 * every 5 s however many events come. While the stream is down the tiles are read every 30 s, as before.
 */
const ADMIN_FALLBACK_MS = 30_000;
/**
 * While the stream is open the tiles are still read every 2 minutes: the system status (health checks, job
 * runs), the performance (latency, uptime), the sessions of the last 15 minutes and the visitors' page views
 * (not pushed: one event per page view to every admin would cost more than this read) change with time alone.
 */
const ADMIN_CLOCK_MS = 2 * 60_000;
const ADMIN_THROTTLE_MS = 5_000;

/** Listens to `admin.figures` for `keys`; returns the page's refresh interval (slow clock, or the fallback). */
export function useAdminLive(keys: readonly QueryKey[]): number {
  const live = useLiveQueries({ 'admin.figures': () => keys }, { onReady: keys, throttleMs: ADMIN_THROTTLE_MS });
  return live ? ADMIN_CLOCK_MS : ADMIN_FALLBACK_MS;
}
