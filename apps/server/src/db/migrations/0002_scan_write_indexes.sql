DROP INDEX "scan_attempts_user_time_idx";--> statement-breakpoint
DROP INDEX "partner_transactions_payout_idx";--> statement-breakpoint
CREATE INDEX "scan_attempts_guess_idx" ON "scan_attempts" USING btree ("user_id","created_at") WHERE "scan_attempts"."error_code" = 'VOUCHER_INVALID';--> statement-breakpoint
CREATE INDEX "partner_transactions_payout_idx" ON "partner_transactions" USING btree ("payout_id") WHERE "partner_transactions"."payout_id" is not null;