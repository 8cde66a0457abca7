import { lt } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { realtimeEvents } from '../../db/schema/index.ts';

/** docs/product/realtime.md §4: a browser away longer than this refetches what it shows instead of resuming. */
export const REALTIME_KEEP_MS = 24 * 60 * 60_000;

/** Deletes the events older than REALTIME_KEEP_MS (job `realtime-purge`); returns 0 so the job waits for its next turn. */
export async function purgeRealtimeEvents(db: Queryable, now: Date): Promise<number> {
  await db.delete(realtimeEvents).where(lt(realtimeEvents.createdAt, new Date(now.getTime() - REALTIME_KEEP_MS)));
  return 0;
}
