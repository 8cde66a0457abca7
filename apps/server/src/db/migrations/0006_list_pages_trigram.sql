DROP INDEX "vouchers_holder_idx";--> statement-breakpoint
DROP INDEX "vouchers_recipient_idx";--> statement-breakpoint
CREATE INDEX "vouchers_replaced_by_idx" ON "vouchers" USING btree ("replaced_by_voucher_id") WHERE "vouchers"."replaced_by_voucher_id" is not null;--> statement-breakpoint
CREATE INDEX "vouchers_holder_idx" ON "vouchers" USING btree ("holder_user_id","created_at");--> statement-breakpoint
CREATE INDEX "vouchers_recipient_idx" ON "vouchers" USING btree ("recipient_email","created_at");--> statement-breakpoint
-- hand-written below
-- Trigram indexes for the searches that look anywhere in a text (`ilike '%…%'`): the back office's user
-- search (e-mail, first and last name) across every account.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_first_name_trgm_idx" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_last_name_trgm_idx" ON "users" USING gin ("last_name" gin_trgm_ops);
