import type { TRealtimePayloads, TRealtimeTopic } from '@farha/contracts/realtime';
import type { Queryable } from '../../db/client.ts';
import { realtimeEvents } from '../../db/schema/index.ts';
import { audienceColumns, type Audience } from './audience.ts';

/** docs/product/realtime.md §2: a payload is ids and statuses; NOTIFY carries only the event's number. */
export const MAX_PAYLOAD_BYTES = 2_048;

/**
 * Tells the streams of `audience` that something happened, inside the caller's transaction: the event exists,
 * gets its number and reaches every instance (NOTIFY) only if that transaction commits (ADR 019).
 */
export async function publish<T extends TRealtimeTopic>(
  tx: Queryable,
  event: { topic: T; audience: Audience; payload: TRealtimePayloads[T]; now: Date },
): Promise<void> {
  await publishEach(tx, event.topic, [event], event.now);
}

/** Several events of one topic in one insert (a notification to each member of a partner). */
export async function publishEach<T extends TRealtimeTopic>(
  tx: Queryable,
  topic: T,
  events: readonly { audience: Audience; payload: TRealtimePayloads[T] }[],
  now: Date,
): Promise<void> {
  if (events.length === 0) return;
  for (const e of events) {
    if (Buffer.byteLength(JSON.stringify(e.payload)) > MAX_PAYLOAD_BYTES) throw new Error(`realtime payload of ${topic} over ${MAX_PAYLOAD_BYTES} bytes`);
  }
  await tx.insert(realtimeEvents).values(events.map((e) => ({ topic, payload: e.payload, createdAt: now, ...audienceColumns(e.audience) })));
}
