-- Issue 32: a company order is issued in short batches (ADR 015's addendum); what a failure left is on the order.
ALTER TABLE "company_orders" ADD COLUMN "issue_error" text;
--> statement-breakpoint
ALTER TABLE "company_orders" ADD COLUMN "issue_attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "company_orders" ADD COLUMN "issue_retry_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "company_order_lines" ADD COLUMN "notified_at" timestamp with time zone;
--> statement-breakpoint
-- Orders issued before: their recipients were told in the issuing transaction.
UPDATE "company_order_lines" SET "notified_at" = o."issued_at" FROM "company_orders" o WHERE o."id" = "company_order_lines"."order_id" AND "company_order_lines"."voucher_id" IS NOT NULL;
--> statement-breakpoint
DROP INDEX "company_order_lines_voucher_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "company_order_lines_voucher_key" ON "company_order_lines" USING btree ("voucher_id");
