import { sql, type SQL } from 'drizzle-orm';
import { orders, partnerTransactions, promoCodes, promoRedemptions, vouchers, type TRANSACTION_STATUSES } from '../../db/schema/index.ts';

/** A scan's ledger row counts towards the partner's next payout at once. */
const REDEEMED: (typeof TRANSACTION_STATUSES)[number] = 'validated';

/**
 * Issue 35 (docs/product/promotions.md §9): the partner's part of a shared promotion's discount on a voucher.
 * The voucher's own part of the discount is its order's (a basket's gift keeps its part, allocated by largest
 * remainder, docs/product/promotions.md §2); the share is the one the use was held with. Its part is
 * `round(discount × share / 10000)` half up, in integers (bigint: 10 000 000 DA × 10 000 passes int4), and never
 * more than what the partner would earn (net ≥ 0). A voucher of no code, of a Farha-funded code, of a use not
 * confirmed, of an exchange (its order has no discount) or of a company order (docs/product/promotions.md §13) gets none. `s` is the scan row.
 */
const promoPart = sql`left join lateral (
      select least(s.net, ((o.discount::bigint * r.partner_share_bp + 5000) / 10000))::int as share, pc.code
      from ${vouchers} v
      join ${orders} o on o.id = v.order_id and o.kind = 'purchase' and o.discount > 0
      join ${promoRedemptions} r on r.order_id = coalesce(o.basket_order_id, o.id) and r.status = 'confirmed' and r.partner_share_bp > 0
      join ${promoCodes} pc on pc.id = r.code_id
      where v.id = s.voucher_id
      order by r.created_at desc, r.id desc
      limit 1
    ) p on true`;

/**
 * The ledger rows of a batch of partner scans, as a statement of the scan's single statement (ADR 003, the
 * group commit in vouchers/redeem.ts, which receives this function from the scan route). `scans` is a query
 * of the redeemed scans with the columns partner_id, voucher_id, offer_id, user_id, gross, commission_bp,
 * commission, net and now. A voucher that has a ledger row already gets none (the unique voucher_id is a
 * second guard against a double redemption). The net written is the scan's net less the partner's part of a
 * shared discount (promo_share, with its code). Returns id, voucher_id, net_amount, promo_share and promo_code
 * of each row written.
 */
export function redemptionLedgerRows(scans: SQL): SQL {
  return sql`insert into ${partnerTransactions} (partner_id, voucher_id, offer_id, scanned_by_user_id, gross_amount,
      commission_bp, commission_amount, net_amount, promo_share, promo_code, status, created_at)
    select s.partner_id, s.voucher_id, s.offer_id, s.user_id, s.gross, s.commission_bp, s.commission,
      s.net - s.share, s.share, case when s.share > 0 then s.code end, ${REDEEMED}, s.now
    from (select s.*, coalesce(p.share, 0) as share, p.code from (${scans}) s ${promoPart}) s
    on conflict (voucher_id) do nothing
    returning id, voucher_id, net_amount, promo_share, promo_code`;
}
