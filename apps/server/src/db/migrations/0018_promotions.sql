CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promotion_id" uuid NOT NULL,
	"code" text NOT NULL,
	"single_use" boolean DEFAULT false NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promo_codes_upper_check" CHECK ("promo_codes"."code" = upper("promo_codes"."code") and length("promo_codes"."code") between 3 and 64),
	CONSTRAINT "promo_codes_used_check" CHECK ("promo_codes"."used_count" >= 0 and (not "promo_codes"."single_use" or "promo_codes"."used_count" <= 1))
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_id" uuid NOT NULL,
	"promotion_id" uuid NOT NULL,
	"order_id" uuid,
	"customer_id" uuid NOT NULL,
	"email_folded" text NOT NULL,
	"discount" integer NOT NULL,
	"partner_share_bp" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promo_redemptions_status_check" CHECK ("promo_redemptions"."status" in ('held', 'confirmed', 'released')),
	CONSTRAINT "promo_redemptions_discount_check" CHECK ("promo_redemptions"."discount" > 0),
	CONSTRAINT "promo_redemptions_share_check" CHECK ("promo_redemptions"."partner_share_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"scope" text DEFAULT 'order' NOT NULL,
	"product_lines" text[] DEFAULT '{}'::text[] NOT NULL,
	"box_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"min_amount" integer DEFAULT 0 NOT NULL,
	"first_purchase_only" boolean DEFAULT false NOT NULL,
	"once_per_customer" boolean DEFAULT false NOT NULL,
	"usage_limit" integer,
	"budget_dzd" integer,
	"budget_uses" integer,
	"funded_by" text DEFAULT 'farha' NOT NULL,
	"partner_share_bp" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"used_uses" integer DEFAULT 0 NOT NULL,
	"used_dzd" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promotions_kind_check" CHECK ("promotions"."kind" in ('percent', 'fixed')),
	CONSTRAINT "promotions_scope_check" CHECK ("promotions"."scope" in ('order', 'product_lines', 'boxes')),
	CONSTRAINT "promotions_status_check" CHECK ("promotions"."status" in ('draft', 'active', 'paused', 'ended')),
	CONSTRAINT "promotions_funded_by_check" CHECK ("promotions"."funded_by" in ('farha', 'shared')),
	CONSTRAINT "promotions_value_check" CHECK (("promotions"."kind" = 'percent' and "promotions"."value" between 1 and 10000) or ("promotions"."kind" = 'fixed' and "promotions"."value" between 1 and 10000000)),
	CONSTRAINT "promotions_scope_lists_check" CHECK ("promotions"."scope" = 'order' or ("promotions"."scope" = 'product_lines' and cardinality("promotions"."product_lines") > 0) or ("promotions"."scope" = 'boxes' and cardinality("promotions"."box_ids") > 0)),
	CONSTRAINT "promotions_dates_check" CHECK ("promotions"."ends_at" is null or "promotions"."ends_at" > "promotions"."starts_at"),
	CONSTRAINT "promotions_min_amount_check" CHECK ("promotions"."min_amount" >= 0),
	CONSTRAINT "promotions_limits_check" CHECK (("promotions"."usage_limit" is null or "promotions"."usage_limit" > 0) and ("promotions"."budget_dzd" is null or "promotions"."budget_dzd" > 0) and ("promotions"."budget_uses" is null or "promotions"."budget_uses" > 0)),
	CONSTRAINT "promotions_share_check" CHECK (("promotions"."funded_by" = 'farha' and "promotions"."partner_share_bp" = 0) or ("promotions"."funded_by" = 'shared' and "promotions"."partner_share_bp" between 1 and 10000)),
	CONSTRAINT "promotions_used_check" CHECK ("promotions"."used_uses" >= 0 and "promotions"."used_dzd" >= 0
        and ("promotions"."usage_limit" is null or "promotions"."used_uses" <= "promotions"."usage_limit")
        and ("promotions"."budget_uses" is null or "promotions"."used_uses" <= "promotions"."budget_uses")
        and ("promotions"."budget_dzd" is null or "promotions"."used_dzd" <= "promotions"."budget_dzd"))
);
--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_code_id_promo_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promo_codes_promotion_idx" ON "promo_codes" USING btree ("promotion_id","created_at","code");--> statement-breakpoint
CREATE INDEX "promo_redemptions_promotion_idx" ON "promo_redemptions" USING btree ("promotion_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "promo_redemptions_customer_idx" ON "promo_redemptions" USING btree ("promotion_id","customer_id") WHERE "promo_redemptions"."status" <> 'released';--> statement-breakpoint
CREATE INDEX "promo_redemptions_email_idx" ON "promo_redemptions" USING btree ("promotion_id","email_folded") WHERE "promo_redemptions"."status" <> 'released';--> statement-breakpoint
CREATE INDEX "promo_redemptions_code_idx" ON "promo_redemptions" USING btree ("code_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_order_key" ON "promo_redemptions" USING btree ("order_id") WHERE "promo_redemptions"."order_id" is not null and "promo_redemptions"."status" <> 'released';--> statement-breakpoint
CREATE INDEX "promotions_created_idx" ON "promotions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "promotions_status_idx" ON "promotions" USING btree ("status","created_at","id");