import { sql, type SQL } from 'drizzle-orm';
import { partnerTransactions, shipments, vouchers } from '../../db/schema/index.ts';

/**
 * docs/product/delivery.md §8.1: a voucher of a box paid in cash on delivery is
 * usable once the courier collected the cash, but its partner transaction joins a payout only once finance has
 * reconciled that cash (the courier's remittance confirmed: shipments.cash_status `reconciled`). Until then it
 * waits, counted nowhere in « disponible ». The voucher may have been exchanged since: its lineage's first
 * voucher is the one in the box, so the whole chain is looked at: from each shipment whose cash is not yet
 * reconciled, its voucher and every voucher it was exchanged for since (primary key of vouchers). Asked once
 * per query, not once per transaction (issue 39: a partner of 42,857 transactions waited 400 ms on the chain
 * walked backwards from each of them).
 */
export const cashCleared: SQL = sql`${partnerTransactions.voucherId} not in (
  with recursive held (id) as (
    select s.voucher_id from ${shipments} s where s.cash_status not in ('none', 'reconciled') and s.voucher_id is not null
    union all
    select v.replaced_by_voucher_id from ${vouchers} v join held h on v.id = h.id where v.replaced_by_voucher_id is not null
  )
  select id from held
)`;
