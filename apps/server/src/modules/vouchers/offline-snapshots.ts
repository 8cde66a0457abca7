import { sql } from 'drizzle-orm';
import type { TOfflineLimits } from '@farha/contracts/offline';
import { rowsOf, type Db, type Queryable } from '../../db/client.ts';
import { offlineSnapshots } from '../../db/schema/index.ts';

/**
 * Issue 32, ADR 014: the server's record of the offline snapshots it issued. A phone's redemption names
 * one; the server judges it by this row (issue time from the clock, limits announced), never by the phone.
 */

export type SnapshotRecord = {
  id: string;
  partnerId: string;
  issuedAt: Date;
  maxSnapshotAgeMinutes: number;
  maxQueued: number;
  maxQueuedValue: number;
};

/** A phone asks for a delta every minute: an idle phone's snapshot is reused this long instead of a row a minute. */
const REUSE_MS = 10 * 60_000;

/**
 * The snapshot this sync hands out: the user's last one when it is recent, of the same partner, key, scope
 * and limits, and no redemption holds it yet; otherwise a new row issued now. Reuse only makes its issue
 * time earlier (the phone counts its age from it), so it never widens what the server accepts.
 */
export async function issueSnapshot(
  db: Db,
  input: { partnerId: string; userId: string; keyId: string; scope: string; limits: TOfflineLimits; now: Date },
): Promise<{ id: string; issuedAt: Date }> {
  const { partnerId, userId, keyId, scope, limits, now } = input;
  // Never more than a quarter of the allowed age: a short age setting keeps most of its offline time.
  const reuseSince = new Date(now.getTime() - Math.min(REUSE_MS, (limits.maxSnapshotAgeMinutes * 60_000) / 4)).toISOString();
  const [recent] = await rowsOf<{ id: string; issuedAt: string }>(
    db,
    sql`select s.id, s.issued_at as "issuedAt"
      from (select * from ${offlineSnapshots}
        where user_id = ${userId} and issued_at > ${reuseSince}::timestamptz and issued_at <= ${now.toISOString()}::timestamptz
        order by issued_at desc, id desc limit 1) s
      where s.partner_id = ${partnerId} and s.key_id = ${keyId} and s.scope = ${scope} and s.claimed_count = 0
        and s.max_snapshot_age_minutes = ${limits.maxSnapshotAgeMinutes} and s.max_queued = ${limits.maxQueued}
        and s.max_queued_value = ${limits.maxQueuedValue}`,
  );
  if (recent) return { id: recent.id, issuedAt: new Date(recent.issuedAt) };
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`insert into ${offlineSnapshots} (partner_id, user_id, issued_at, key_id, scope, max_snapshot_age_minutes, max_queued, max_queued_value)
      values (${partnerId}, ${userId}, ${now.toISOString()}::timestamptz, ${keyId}, ${scope}, ${limits.maxSnapshotAgeMinutes}, ${limits.maxQueued}, ${limits.maxQueuedValue})
      returning id`,
  );
  return { id: row!.id, issuedAt: now };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The snapshots these ids name (an id that is not a uuid names none: no cast error, no 500). */
export async function loadSnapshots(db: Queryable, ids: (string | undefined)[]): Promise<Map<string, SnapshotRecord>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== undefined && UUID.test(id)).map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await rowsOf<Omit<SnapshotRecord, 'issuedAt'> & { issuedAt: string }>(
    db,
    sql`select id, partner_id as "partnerId", issued_at as "issuedAt", max_snapshot_age_minutes as "maxSnapshotAgeMinutes",
        max_queued as "maxQueued", max_queued_value as "maxQueuedValue"
      from ${offlineSnapshots} where id in (select jsonb_array_elements_text((${JSON.stringify(wanted)}::text)::jsonb)::uuid)`,
  );
  return new Map(rows.map((row) => [row.id, { ...row, issuedAt: new Date(row.issuedAt) }]));
}

export const snapshotKey = (id: string | undefined) => (id ?? '').toLowerCase();

/**
 * Holds room in each snapshot's limits for these redemptions, in the order given: each is admitted while
 * its snapshot's count and value (the redemptions of every batch so far) stay within what it announced.
 * The rows are locked (in id order) for the decision, so two batches at once cannot both take the last
 * room. Returns the indexes admitted; adjustRoom() gives back the room of those that were not redeemed.
 */
export async function claimRoom(db: Db, items: { index: number; snapshotId: string; value: number }[]): Promise<Set<number>> {
  const admitted = new Set<number>();
  if (items.length === 0) return admitted;
  const ids = [...new Set(items.map((item) => item.snapshotId))];
  await db.transaction(async (tx) => {
    const rows = await rowsOf<{ id: string; count: number; value: string | number; maxQueued: number; maxQueuedValue: number }>(
      tx,
      sql`select id, claimed_count as count, claimed_value as value, max_queued as "maxQueued", max_queued_value as "maxQueuedValue"
        from ${offlineSnapshots} where id in (select jsonb_array_elements_text((${JSON.stringify(ids)}::text)::jsonb)::uuid)
        order by id for update`,
    );
    const room = new Map(rows.map((row) => [row.id, { ...row, value: Number(row.value), count: Number(row.count), taken: 0, takenValue: 0 }]));
    for (const item of items) {
      const snapshot = room.get(item.snapshotId);
      if (!snapshot) continue;
      if (snapshot.count + 1 > snapshot.maxQueued || snapshot.value + item.value > snapshot.maxQueuedValue) continue;
      snapshot.count += 1;
      snapshot.value += item.value;
      snapshot.taken += 1;
      snapshot.takenValue += item.value;
      admitted.add(item.index);
    }
    await adjust(tx, [...room.values()].filter((s) => s.taken > 0).map((s) => ({ id: s.id, count: s.taken, value: s.takenValue })));
  });
  return admitted;
}

/** Gives back the room held for redemptions that were not redeemed (a refusal, or a retry later), or takes it. */
export async function adjustRoom(db: Db, items: { snapshotId: string; count: number; value: number }[]): Promise<void> {
  const bySnapshot = new Map<string, { id: string; count: number; value: number }>();
  for (const item of items) {
    const entry = bySnapshot.get(item.snapshotId) ?? { id: item.snapshotId, count: 0, value: 0 };
    entry.count += item.count;
    entry.value += item.value;
    bySnapshot.set(item.snapshotId, entry);
  }
  await adjust(db, [...bySnapshot.values()]);
}

async function adjust(db: Queryable, changes: { id: string; count: number; value: number }[]): Promise<void> {
  if (changes.length === 0) return;
  await db.execute(sql`update ${offlineSnapshots} s
    set claimed_count = s.claimed_count + c.count, claimed_value = s.claimed_value + c.value
    from jsonb_to_recordset((${JSON.stringify(changes)}::text)::jsonb) as c(id uuid, count integer, value bigint)
    where s.id = c.id`);
}
