-- Issue 39, a partner of tens of thousands of scans at ten million vouchers: the dashboard's top offer of the
-- month counts its scans per offer from the summary index alone (offer_id added to what it carries), and the
-- amount available for a payout sums its rows from the available index alone (promo_share and voucher_id,
-- which the cash-on-delivery gate reads, added), instead of reading every scan's row.
DROP INDEX IF EXISTS "partner_transactions_summary_idx";--> statement-breakpoint
CREATE INDEX "partner_transactions_summary_idx" ON "partner_transactions" ("partner_id", "created_at") INCLUDE ("status", "gross_amount", "commission_amount", "net_amount", "offer_id");--> statement-breakpoint
DROP INDEX IF EXISTS "partner_transactions_available_idx";--> statement-breakpoint
CREATE INDEX "partner_transactions_available_idx" ON "partner_transactions" ("partner_id") INCLUDE ("gross_amount", "commission_amount", "net_amount", "promo_share", "voucher_id") WHERE "status" = 'validated' AND "payout_id" IS NULL;
