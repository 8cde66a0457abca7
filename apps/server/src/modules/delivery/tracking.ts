import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { TShipmentEventSource } from '@farha/contracts/delivery';
import type { Db } from '../../db/client.ts';
import { shipments } from '../../db/schema/index.ts';
import { wakeOutbox } from '../notifications/index.ts';
import type { Courier, CourierEvent } from './courier/index.ts';
import { MOVING_STATUSES, moveShipment, type MoveOutcome } from './shipments.ts';

/**
 * Issue 38 (docs/product/delivery.md §4): what the courier says of its parcels — by its webhook, by polling, or the
 * demo page — applied the same way, one event per transaction: idempotent (an event id is applied once), forward
 * only (an older status is recorded and ignored).
 */
export type TrackingTally = Record<MoveOutcome['outcome'], number>;

/** Only the courier's own statuses: preparing, printing and handing over are logistics' moves. */
const COURIER_STATUSES = new Set(['in_transit', 'out_for_delivery', 'delivered', 'returned', 'handed_over']);

export async function applyCourierEvents(db: Db, events: readonly CourierEvent[], source: TShipmentEventSource, now: Date): Promise<TrackingTally> {
  const tally: TrackingTally = { applied: 0, stale: 0, duplicate: 0, unknown: 0 };
  for (const event of [...events].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    if (!COURIER_STATUSES.has(event.status)) continue;
    const { outcome } = await db.transaction((tx) =>
      moveShipment(tx, {
        tracking: event.tracking,
        to: event.status,
        at: event.at,
        source,
        externalId: event.externalId,
        detail: event.detail ?? null,
        cashCollected: event.cashCollected,
        now,
      }),
    );
    tally[outcome]++;
  }
  if (tally.applied > 0) wakeOutbox();
  return tally;
}

/** How many parcels one poll asks about (the oldest news first). */
const POLL_BATCH = 100;

/** The `courier-tracking` job (every 10 min): the parcels handed over and not delivered nor returned, asked to the courier. */
export async function pollCourierTracking(deps: { db: Db; courier: Courier; now: Date }): Promise<number> {
  const moving = await deps.db
    .select({ tracking: shipments.tracking })
    .from(shipments)
    .where(and(eq(shipments.courier, deps.courier.name), inArray(shipments.status, [...MOVING_STATUSES]), isNotNull(shipments.tracking)))
    .orderBy(asc(shipments.updatedAt), asc(shipments.id))
    .limit(POLL_BATCH);
  const trackings = moving.map((m) => m.tracking!).filter(Boolean);
  if (trackings.length === 0) return 0;
  const events = await deps.courier.track(trackings);
  const tally = await applyCourierEvents(deps.db, events, 'courier_poll', deps.now);
  return tally.applied;
}
