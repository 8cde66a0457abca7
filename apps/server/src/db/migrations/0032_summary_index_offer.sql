-- Issue 39: the partner dashboard's top offer of the month counts its scans per offer from this index alone
-- (offer_id added to what it carries), instead of reading every scan's row (a large partner's month).
DROP INDEX IF EXISTS "partner_transactions_summary_idx";--> statement-breakpoint
CREATE INDEX "partner_transactions_summary_idx" ON "partner_transactions" ("partner_id", "created_at") INCLUDE ("status", "gross_amount", "commission_amount", "net_amount", "offer_id");
