import { sql } from 'drizzle-orm';
import type { TGroupGiftFigures } from '@farha/contracts/group-gifts';
import type { Db } from '../../db/client.ts';
import { addDays, algiersDay, algiersInstant } from '../../lib/algiers-time.ts';

type Row = Record<string, number | string | null>;
const num = (v: unknown) => Number(v ?? 0);

/**
 * Finance's figures of group gifts (docs/product/group-gifts.md §8): now, the pots open or awaiting a choice and
 * the money paid into pots not yet issued nor paid back (owed: to the gift or to the contributors); over the
 * period (Algiers days, the last 30 by default), the contributions refunded, the gifts issued, their contributors
 * and their share of GMV (GMV counts the group_gift orders, never the contributions: docs/product/group-gifts.md §3).
 */
export async function groupGiftFigures(db: Db, now: Date, query: { from?: string | undefined; to?: string | undefined }): Promise<TGroupGiftFigures> {
  const to = query.to ?? (query.from ? addDays(query.from, 29) : algiersDay(now));
  const from = query.from ?? addDays(to, -29);
  const start = algiersInstant(from).toISOString();
  const end = algiersInstant(addDays(to, 1)).toISOString();
  const rows = async (q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Row[] }).rows;
  const [now_] = await rows(sql`select
      count(*) filter (where status = 'open')::int as open,
      count(*) filter (where status = 'awaiting_choice')::int as awaiting,
      coalesce((select sum(c.amount) from group_gift_contributions c join group_gifts g on g.id = c.group_gift_id
        where c.status = 'paid' and c.counted and g.status in ('open', 'awaiting_choice', 'funded')), 0)::bigint as held
    from group_gifts`);
  const [refunded] = await rows(sql`select count(*)::int as n, coalesce(sum(r.amount), 0)::bigint as amount from refunds r
    where r.reason_code = 'group_gift' and r.status <> 'failed' and r.created_at >= ${start} and r.created_at < ${end}`);
  const [issued] = await rows(sql`select count(*)::int as gifts,
      coalesce((select count(*) from group_gift_contributions c join group_gifts g2 on g2.id = c.group_gift_id
        where c.counted and c.status = 'paid' and g2.status = 'issued' and g2.funded_at >= ${start} and g2.funded_at < ${end}), 0)::int as contributions
    from group_gifts g where g.status = 'issued' and g.funded_at >= ${start} and g.funded_at < ${end}`);
  const [gmv] = await rows(sql`select coalesce(sum(amount) filter (where kind = 'group_gift'), 0)::bigint as grp, coalesce(sum(amount), 0)::bigint as all_
    from orders where paid_at >= ${start} and paid_at < ${end} and amount > 0 and status in ('paid', 'fulfilled') and kind not in ('basket', 'group_contribution')`);
  const gifts = num(issued?.gifts);
  const contributions = num(issued?.contributions);
  const groupGmv = num(gmv?.grp);
  const all = num(gmv?.all_);
  return {
    from,
    to,
    openPots: num(now_?.open),
    awaitingChoice: num(now_?.awaiting),
    moneyHeld: num(now_?.held),
    refundsCount: num(refunded?.n),
    refundsAmount: num(refunded?.amount),
    giftsIssued: gifts,
    contributions,
    contributorsPerGift: gifts > 0 ? Math.round((contributions * 10) / gifts) / 10 : 0,
    groupGmv,
    gmv: all,
    gmvShare: all > 0 ? Math.round((groupGmv * 1000) / all) / 1000 : 0,
  };
}
