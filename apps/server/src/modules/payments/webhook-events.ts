import type { Queryable } from '../../db/client.ts';
import { paymentWebhookEvents } from '../../db/schema/index.ts';

/**
 * Every call a gateway makes is kept: a genuine one with its payload (the event's id makes a replay
 * recognisable), a forgery by its length only, never parsed (ADR 017); the system status counts both.
 */
export async function recordWebhookEvent(db: Queryable, event: typeof paymentWebhookEvents.$inferInsert): Promise<void> {
  await db.insert(paymentWebhookEvents).values(event);
}
