ALTER TABLE "notifications" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason_params" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "params" jsonb;