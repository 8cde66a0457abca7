ALTER TABLE "company_orders" DROP CONSTRAINT "company_orders_amounts_check";--> statement-breakpoint
ALTER TABLE "company_orders" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "company_orders" ADD COLUMN "promo_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_orders" ADD COLUMN "promo_redemption_id" uuid;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "companies" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "company_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "company_orders" ADD CONSTRAINT "company_orders_amounts_check" CHECK ("company_orders"."total" >= 0 and "company_orders"."discount" >= 0 and "company_orders"."promo_discount" >= 0 and "company_orders"."total" = "company_orders"."subtotal" - "company_orders"."discount" - "company_orders"."promo_discount");--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_companies_check" CHECK ("promotions"."companies" in ('none', 'all', 'chosen') and ("promotions"."companies" <> 'chosen' or cardinality("promotions"."company_ids") > 0));