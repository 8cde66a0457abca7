CREATE TABLE "exchange_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"currency" text NOT NULL,
	"rate_e4" integer NOT NULL,
	"stale_after" timestamp with time zone NOT NULL,
	"set_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exchange_rates_currency_check" CHECK ("exchange_rates"."currency" in ('EUR', 'USD')),
	CONSTRAINT "exchange_rates_rate_check" CHECK ("exchange_rates"."rate_e4" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_provider_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charged_currency" text DEFAULT 'DZD' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charged_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchange_rate_e4" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "currency" text DEFAULT 'DZD' NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_rates_currency_idx" ON "exchange_rates" USING btree ("currency","created_at");--> statement-breakpoint
CREATE INDEX "payments_currency_idx" ON "payments" USING btree ("currency","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_charged_currency_check" CHECK ("orders"."charged_currency" in ('DZD', 'EUR', 'USD'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_charged_amount_check" CHECK ("orders"."charged_amount" is null or "orders"."charged_amount" > 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_currency_check" CHECK ("payments"."currency" in ('DZD', 'EUR', 'USD'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('sandbox', 'chargily', 'stripe'));