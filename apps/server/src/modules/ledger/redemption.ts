import { sql, type SQL } from 'drizzle-orm';
import { partnerTransactions, type TRANSACTION_STATUSES } from '../../db/schema/index.ts';

/** A scan's ledger row counts towards the partner's next payout at once. */
const REDEEMED: (typeof TRANSACTION_STATUSES)[number] = 'validated';

/**
 * The ledger rows of a batch of partner scans, as a statement of the scan's single statement (ADR 003, the
 * group commit in vouchers/redeem.ts, which receives this function from the scan route). `scans` is a query
 * of the redeemed scans with the columns partner_id, voucher_id, offer_id, user_id, gross, commission_bp,
 * commission, net and now. A voucher that has a ledger row already gets none (the unique voucher_id is a
 * second guard against a double redemption). Returns id, voucher_id of each row written.
 */
export function redemptionLedgerRows(scans: SQL): SQL {
  return sql`insert into ${partnerTransactions} (partner_id, voucher_id, offer_id, scanned_by_user_id, gross_amount,
      commission_bp, commission_amount, net_amount, status, created_at)
    select s.partner_id, s.voucher_id, s.offer_id, s.user_id, s.gross, s.commission_bp, s.commission, s.net, ${REDEEMED}, s.now
    from (${scans}) s
    on conflict (voucher_id) do nothing
    returning id, voucher_id`;
}
