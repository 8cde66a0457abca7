CREATE TABLE "box_packaging_stock" (
	"box_id" uuid PRIMARY KEY NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "box_packaging_stock_on_hand_check" CHECK ("box_packaging_stock"."on_hand" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cod_confirmations" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "cod_confirmations_counts_check" CHECK ("cod_confirmations"."attempts" >= 0 and "cod_confirmations"."sends" >= 0)
);
--> statement-breakpoint
CREATE TABLE "courier_remittance_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"remittance_id" uuid NOT NULL,
	"tracking" text NOT NULL,
	"amount" integer NOT NULL,
	"shipment_id" uuid,
	"outcome" text NOT NULL,
	"difference" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "courier_remittance_lines_outcome_check" CHECK ("courier_remittance_lines"."outcome" in ('matched', 'amount_differs', 'unknown_parcel', 'already_reconciled', 'not_collected'))
);
--> statement-breakpoint
CREATE TABLE "courier_remittances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier" text NOT NULL,
	"reference" text NOT NULL,
	"statement_date" date NOT NULL,
	"declared_total" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"source" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "courier_remittances_status_check" CHECK ("courier_remittances"."status" in ('draft', 'confirmed')),
	CONSTRAINT "courier_remittances_source_check" CHECK ("courier_remittances"."source" in ('import', 'fetch')),
	CONSTRAINT "courier_remittances_courier_check" CHECK ("courier_remittances"."courier" in ('file', 'yalidine'))
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"external_id" text,
	"detail" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shipment_events_status_check" CHECK ("shipment_events"."status" in ('to_prepare', 'printed', 'handed_over', 'in_transit', 'out_for_delivery', 'delivered', 'returned')),
	CONSTRAINT "shipment_events_source_check" CHECK ("shipment_events"."source" in ('courier_webhook', 'courier_poll', 'logistics', 'demo', 'system'))
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"voucher_id" uuid,
	"courier" text NOT NULL,
	"tracking" text,
	"method" text NOT NULL,
	"wilaya_code" integer NOT NULL,
	"commune" text NOT NULL,
	"stop_desk_id" text,
	"stop_desk_name" text,
	"address" text,
	"recipient_name" text NOT NULL,
	"phone" text NOT NULL,
	"locale" text DEFAULT 'fr' NOT NULL,
	"fee" integer NOT NULL,
	"cod_amount" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'to_prepare' NOT NULL,
	"cash_status" text DEFAULT 'none' NOT NULL,
	"collected_amount" integer,
	"remittance_id" uuid,
	"printed_at" timestamp with time zone,
	"handed_over_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shipments_status_check" CHECK ("shipments"."status" in ('to_prepare', 'printed', 'handed_over', 'in_transit', 'out_for_delivery', 'delivered', 'returned')),
	CONSTRAINT "shipments_cash_status_check" CHECK ("shipments"."cash_status" in ('none', 'due', 'collected', 'reconciled', 'mismatch')),
	CONSTRAINT "shipments_method_check" CHECK ("shipments"."method" in ('home', 'stopdesk')),
	CONSTRAINT "shipments_courier_check" CHECK ("shipments"."courier" in ('file', 'yalidine')),
	CONSTRAINT "shipments_amounts_check" CHECK ("shipments"."fee" >= 0 and "shipments"."cod_amount" >= 0 and ("shipments"."collected_amount" is null or "shipments"."collected_amount" >= 0)),
	CONSTRAINT "shipments_wilaya_check" CHECK ("shipments"."wilaya_code" between 1 and 58),
	CONSTRAINT "shipments_place_check" CHECK (("shipments"."method" = 'stopdesk' and "shipments"."stop_desk_id" is not null) or ("shipments"."method" = 'home' and "shipments"."address" is not null))
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_method_check";--> statement-breakpoint
ALTER TABLE "voucher_events" DROP CONSTRAINT "voucher_events_to_check";--> statement-breakpoint
ALTER TABLE "vouchers" DROP CONSTRAINT "vouchers_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "box_packaging_stock" ADD CONSTRAINT "box_packaging_stock_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_confirmations" ADD CONSTRAINT "cod_confirmations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_remittance_lines" ADD CONSTRAINT "courier_remittance_lines_remittance_id_courier_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."courier_remittances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_remittance_lines" ADD CONSTRAINT "courier_remittance_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_remittances" ADD CONSTRAINT "courier_remittances_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courier_remittance_lines_remittance_idx" ON "courier_remittance_lines" USING btree ("remittance_id","id");--> statement-breakpoint
CREATE INDEX "courier_remittance_lines_shipment_idx" ON "courier_remittance_lines" USING btree ("shipment_id") WHERE "courier_remittance_lines"."shipment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_remittances_reference_key" ON "courier_remittances" USING btree ("courier","reference");--> statement-breakpoint
CREATE INDEX "courier_remittances_created_idx" ON "courier_remittances" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_external_key" ON "shipment_events" USING btree ("shipment_id","external_id") WHERE "shipment_events"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_key" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_tracking_key" ON "shipments" USING btree ("courier","tracking") WHERE "shipments"."tracking" is not null;--> statement-breakpoint
CREATE INDEX "shipments_board_idx" ON "shipments" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "shipments_created_idx" ON "shipments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "shipments_cash_idx" ON "shipments" USING btree ("cash_status");--> statement-breakpoint
CREATE INDEX "shipments_voucher_idx" ON "shipments" USING btree ("voucher_id") WHERE "shipments"."voucher_id" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('customer', 'partner_owner', 'partner_staff', 'superadmin', 'finance', 'catalog_admin', 'support', 'company_admin', 'company_buyer', 'logistics'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_check" CHECK ("orders"."fulfilment" in ('email', 'physical'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_fee_check" CHECK ("orders"."delivery_fee" >= 0 and ("orders"."fulfilment" = 'physical' or "orders"."delivery_fee" = 0));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cash_check" CHECK ("orders"."payment_method" <> 'cash' or ("orders"."fulfilment" = 'physical' and "orders"."kind" = 'purchase'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'paid', 'fulfilled', 'failed', 'canceled', 'expired', 'refunded', 'awaiting_confirmation', 'cash_pending'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_method_check" CHECK ("orders"."payment_method" in ('cib', 'edahabia', 'visa', 'mastercard', 'group_gift', 'cash'));--> statement-breakpoint
ALTER TABLE "voucher_events" ADD CONSTRAINT "voucher_events_to_check" CHECK ("voucher_events"."to_status" in ('ISSUED', 'DELIVERED', 'RESERVED', 'REDEEMED', 'SETTLED', 'EXCHANGED', 'EXTENDED', 'CANCELLED', 'EXPIRED', 'AWAITING_DELIVERY'));--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_status_check" CHECK ("vouchers"."status" in ('ISSUED', 'DELIVERED', 'RESERVED', 'REDEEMED', 'SETTLED', 'EXCHANGED', 'EXTENDED', 'CANCELLED', 'EXPIRED', 'AWAITING_DELIVERY'));