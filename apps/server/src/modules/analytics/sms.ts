import { sql } from 'drizzle-orm';
import type { TSmsAnalytics } from '@farha/contracts/sms';
import { rowsOf, type Queryable } from '../../db/client.ts';
import { addDays } from '../../lib/algiers-time.ts';
import { cachedSettings } from '../settings/index.ts';
import { periodOf } from './figures.ts';

/**
 * Issue 25: text messages and what they cost, per day (Algiers) of the period: each text counts on the
 * day it was queued, its cost fixed then (segments × notifications.sms_cost_per_segment). Read through the
 * index sms_outbox_created_idx.
 */
export async function smsPerDay(db: Queryable, input: { now: Date; days: number }): Promise<TSmsAnalytics> {
  const { from, to } = periodOf(input.now, input.days);
  const rows = await rowsOf<{ day: string; messages: number; segments: number; cost: number; failed: number }>(db, sql`
    select to_char(created_at at time zone 'Africa/Algiers', 'YYYY-MM-DD') as day,
           count(*)::int as messages, coalesce(sum(segments), 0)::int as segments, coalesce(sum(cost), 0)::int as cost,
           (count(*) filter (where status = 'failed'))::int as failed
    from sms_outbox
    where created_at >= (${from}::date::timestamp at time zone 'Africa/Algiers')
      and created_at < (${addDays(to, 1)}::date::timestamp at time zone 'Africa/Algiers')
    group by 1`);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days: TSmsAnalytics['days'] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(byDay.get(d) ?? { day: d, messages: 0, segments: 0, cost: 0, failed: 0 });
  const totals = days.reduce((t, d) => ({ messages: t.messages + d.messages, segments: t.segments + d.segments, cost: t.cost + d.cost }), { messages: 0, segments: 0, cost: 0 });
  const { sms_cost_per_segment: costPerSegment } = await cachedSettings(db, 'notifications');
  return { days, totals, costPerSegment };
}
