import { sql, type SQL } from 'drizzle-orm';
import { partnerTransactions, shipments, vouchers } from '../../db/schema/index.ts';

/**
 * docs/product/delivery.md §8.1: a voucher of a box paid in cash on delivery is
 * usable once the courier collected the cash, but its partner transaction joins a payout only once finance has
 * reconciled that cash (the courier's remittance confirmed: shipments.cash_status `reconciled`). Until then it
 * waits, counted nowhere in « disponible ». The voucher may have been exchanged since: its lineage's first
 * voucher is the one in the box, so the whole chain is looked at (index vouchers_replaced_by_idx).
 */
export const cashCleared: SQL = sql`not exists (
  with recursive chain (id) as (
    select ${partnerTransactions.voucherId}
    union all
    select p.id from ${vouchers} p join chain c on p.replaced_by_voucher_id = c.id
  )
  select 1 from ${shipments} s join chain c on s.voucher_id = c.id
  where s.cash_status not in ('none', 'reconciled')
)`;
