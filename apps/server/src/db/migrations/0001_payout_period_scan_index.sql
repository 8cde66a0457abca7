ALTER TABLE "payouts" ADD COLUMN "period_from" date;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "period_to" date;--> statement-breakpoint
CREATE INDEX "scan_attempts_user_time_idx" ON "scan_attempts" USING btree ("user_id","created_at");