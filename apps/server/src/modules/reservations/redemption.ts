import { sql, type SQL } from 'drizzle-orm';
import { reservations, type RESERVATION_STATUSES } from '../../db/schema/index.ts';
import { CURRENT_RESERVATION_STATUSES } from './service.ts';

type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
const HONOURED: ReservationStatus = 'completed';
const LAPSED: ReservationStatus = 'cancelled';

/**
 * The current reservations of vouchers a batch of partner scans redeemed, closed: honoured with the
 * scanning partner, lapsed with another. A statement of the scan's single statement (ADR 003, the group
 * commit in vouchers/redeem.ts, which receives this function from the scan route). `redeemed` is a query
 * with the columns voucher_id, partner_id (the scanning partner) and now.
 */
export function closeRedeemedReservations(redeemed: SQL): SQL {
  return sql`update ${reservations} res set
      status = case when res.partner_id = r.partner_id then ${HONOURED} else ${LAPSED} end,
      updated_at = r.now
    from (${redeemed}) r
    where res.voucher_id = r.voucher_id and res.status in ${CURRENT_RESERVATION_STATUSES}`;
}
