import type { TRealtimePayloads } from '@farha/contracts/realtime';
import type { Queryable } from '../../db/client.ts';
import { publish, SUPPORT_DESK_AUDIENCE } from '../realtime/index.ts';

/**
 * Issue 36 (docs/product/realtime.md §6): tells the desk's open pages that a ticket of the queue changed, in the
 * transaction of the change. Ids and the status only: the title and the messages are read through the desk's API.
 */
export async function publishDeskChange(tx: Queryable, event: TRealtimePayloads['support.ticket'] & { now: Date }): Promise<void> {
  const { now, ...payload } = event;
  await publish(tx, { topic: 'support.ticket', audience: SUPPORT_DESK_AUDIENCE, payload, now });
}

/**
 * Issue 36 (docs/product/realtime.md §6): tells the desk that a dispute was opened, answered by its partner or
 * resolved, or that a goodwill gift card was given, in the transaction of the change. Ids and the status only.
 */
export async function publishDisputeChange(tx: Queryable, event: TRealtimePayloads['support.dispute'] & { now: Date }): Promise<void> {
  const { now, ...payload } = event;
  await publish(tx, { topic: 'support.dispute', audience: SUPPORT_DESK_AUDIENCE, payload, now });
}
