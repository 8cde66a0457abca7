DROP INDEX "vouchers_holder_idx";--> statement-breakpoint
DROP INDEX "vouchers_recipient_idx";--> statement-breakpoint
ALTER TABLE "faq_entries" ADD COLUMN "question_ar" text;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD COLUMN "answer_ar" text;--> statement-breakpoint
CREATE INDEX "vouchers_replaced_by_idx" ON "vouchers" USING btree ("replaced_by_voucher_id") WHERE "vouchers"."replaced_by_voucher_id" is not null;--> statement-breakpoint
CREATE INDEX "disputes_customer_idx" ON "disputes" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "disputes_partner_idx" ON "disputes" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "disputes_ticket_idx" ON "disputes" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "tickets_partner_idx" ON "support_tickets" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_created_idx" ON "support_tickets" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tickets_assignee_idx" ON "support_tickets" USING btree ("assigned_to","status");--> statement-breakpoint
CREATE INDEX "vouchers_holder_idx" ON "vouchers" USING btree ("holder_user_id","created_at");--> statement-breakpoint
CREATE INDEX "vouchers_recipient_idx" ON "vouchers" USING btree ("recipient_email","created_at");--> statement-breakpoint
-- hand-written below
-- Trigram indexes for the searches that look anywhere in a text (`ilike '%…%'`): the back office's user
-- search (e-mail, first and last name) across every account.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_first_name_trgm_idx" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_last_name_trgm_idx" ON "users" USING gin ("last_name" gin_trgm_ops);
--> statement-breakpoint
-- A partner's ledger summed without reading the table (index-only scans): the transactions page's totals and
-- the dashboard's month; and what is not paid out yet (the payout request and the dashboard's balance).
CREATE INDEX IF NOT EXISTS "partner_transactions_summary_idx" ON "partner_transactions" ("partner_id", "created_at") INCLUDE ("status", "gross_amount", "commission_amount", "net_amount");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "partner_transactions_available_idx" ON "partner_transactions" ("partner_id") INCLUDE ("gross_amount", "commission_amount", "net_amount") WHERE "status" = 'validated' AND "payout_id" IS NULL;
