CREATE TABLE "basket_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"box_id" uuid NOT NULL,
	"recipient_name" text,
	"recipient_email" text,
	"recipient_locale" text,
	"recipient_phone" text,
	"send_sms" boolean DEFAULT false NOT NULL,
	"sender_name" text,
	"personal_message" text,
	"deliver_on" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_kind_check";--> statement-breakpoint
ALTER TABLE "analytics_events" DROP CONSTRAINT "analytics_events_name_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "basket_order_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "basket_line_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "basket_lines" ADD CONSTRAINT "basket_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_lines" ADD CONSTRAINT "basket_lines_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "basket_lines_user_idx" ON "basket_lines" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "basket_lines_box_idx" ON "basket_lines" USING btree ("box_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_basket_order_id_orders_id_fk" FOREIGN KEY ("basket_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_basket_idx" ON "orders" USING btree ("basket_order_id","created_at","id") WHERE "orders"."basket_order_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_basket_line_idx" ON "orders" USING btree ("basket_line_id") WHERE "orders"."basket_line_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key" ON "orders" USING btree ("purchaser_id","idempotency_key") WHERE "orders"."idempotency_key" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_check" CHECK ("orders"."kind" in ('purchase', 'extension', 'exchange', 'company', 'basket'));--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_name_check" CHECK ("analytics_events"."name" in ('visit', 'catalogue_view', 'box_view', 'basket_add', 'checkout_started', 'payment_started', 'purchase', 'redemption'));