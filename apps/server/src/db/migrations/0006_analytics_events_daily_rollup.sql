CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"product_line" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_day_metric_product_line_pk" PRIMARY KEY("day","metric","product_line"),
	CONSTRAINT "analytics_daily_count_check" CHECK ("analytics_daily"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"box_id" uuid,
	"product_line" text,
	"amount" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_events_name_check" CHECK ("analytics_events"."name" in ('visit', 'catalogue_view', 'box_view', 'checkout_started', 'payment_started', 'purchase', 'redemption'))
);
--> statement-breakpoint
CREATE INDEX "analytics_daily_metric_idx" ON "analytics_daily" USING btree ("metric","day");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_events_once_key" ON "analytics_events" USING btree ("day","name","subject");--> statement-breakpoint
CREATE INDEX "analytics_events_created_idx" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "webhook_events_forged_idx" ON "payment_webhook_events" USING btree ("created_at") WHERE "payment_webhook_events"."signature_valid" = false;--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vouchers_created_idx" ON "vouchers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vouchers_redeemed_at_idx" ON "vouchers" USING btree ("redeemed_at");