CREATE TABLE "group_gift_contributions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_gift_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"amount" integer NOT NULL,
	"message" text,
	"locale" text DEFAULT 'fr' NOT NULL,
	"by_organiser" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"counted" boolean DEFAULT false NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "group_gift_contributions_status_check" CHECK ("group_gift_contributions"."status" in ('pending', 'paid', 'failed', 'refunded')),
	CONSTRAINT "group_gift_contributions_amount_check" CHECK ("group_gift_contributions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "group_gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"organiser_id" uuid NOT NULL,
	"box_id" uuid,
	"gift_card_amount" integer,
	"target_amount" integer NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"recipient_phone" text,
	"recipient_locale" text DEFAULT 'fr' NOT NULL,
	"deliver_on" date NOT NULL,
	"closes_on" date NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"message" text,
	"show_contributors" boolean DEFAULT true NOT NULL,
	"share_mode" text DEFAULT 'free' NOT NULL,
	"share_count" integer,
	"locale" text DEFAULT 'fr' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"collected" integer DEFAULT 0 NOT NULL,
	"choice_deadline" timestamp with time zone,
	"choice" text,
	"order_id" uuid,
	"voucher_id" uuid,
	"gift_card_id" uuid,
	"excess_gift_card_id" uuid,
	"excess_amount" integer DEFAULT 0 NOT NULL,
	"funded_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "group_gifts_status_check" CHECK ("group_gifts"."status" in ('open', 'funded', 'awaiting_choice', 'issued', 'refunding', 'refunded', 'cancelled')),
	CONSTRAINT "group_gifts_share_mode_check" CHECK ("group_gifts"."share_mode" in ('equal', 'free')),
	CONSTRAINT "group_gifts_target_check" CHECK (("group_gifts"."box_id" is null) <> ("group_gifts"."gift_card_amount" is null) and "group_gifts"."target_amount" > 0),
	CONSTRAINT "group_gifts_collected_check" CHECK ("group_gifts"."collected" >= 0 and "group_gifts"."excess_amount" >= 0),
	CONSTRAINT "group_gifts_choice_check" CHECK ("group_gifts"."choice" is null or "group_gifts"."choice" in ('pay_rest', 'cheaper_box', 'gift_card', 'refund'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_kind_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_method_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_box_check";--> statement-breakpoint
ALTER TABLE "group_gift_contributions" ADD CONSTRAINT "group_gift_contributions_group_gift_id_group_gifts_id_fk" FOREIGN KEY ("group_gift_id") REFERENCES "public"."group_gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_gift_contributions" ADD CONSTRAINT "group_gift_contributions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_gift_contributions" ADD CONSTRAINT "group_gift_contributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_gifts" ADD CONSTRAINT "group_gifts_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_gifts" ADD CONSTRAINT "group_gifts_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_gifts" ADD CONSTRAINT "group_gifts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_gifts" ADD CONSTRAINT "group_gifts_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_gifts" ADD CONSTRAINT "group_gifts_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_gifts" ADD CONSTRAINT "group_gifts_excess_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("excess_gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_gift_contributions_order_key" ON "group_gift_contributions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "group_gift_contributions_pot_idx" ON "group_gift_contributions" USING btree ("group_gift_id","created_at","id");--> statement-breakpoint
CREATE INDEX "group_gift_contributions_email_idx" ON "group_gift_contributions" USING btree ("group_gift_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "group_gifts_token_key" ON "group_gifts" USING btree ("token");--> statement-breakpoint
CREATE INDEX "group_gifts_organiser_idx" ON "group_gifts" USING btree ("organiser_id","created_at","id");--> statement-breakpoint
CREATE INDEX "group_gifts_closing_idx" ON "group_gifts" USING btree ("status","closes_at");--> statement-breakpoint
CREATE INDEX "group_gifts_choice_idx" ON "group_gifts" USING btree ("status","choice_deadline");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_check" CHECK ("orders"."kind" in ('purchase', 'extension', 'exchange', 'company', 'basket', 'gift_card', 'group_contribution', 'group_gift'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_method_check" CHECK ("orders"."payment_method" in ('cib', 'edahabia', 'visa', 'mastercard', 'group_gift'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_box_check" CHECK ("orders"."box_id" is not null or "orders"."kind" in ('gift_card', 'group_contribution', 'group_gift'));