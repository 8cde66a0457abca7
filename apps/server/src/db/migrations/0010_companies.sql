CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"legal_form" text NOT NULL,
	"nif" text NOT NULL,
	"nis" text NOT NULL,
	"rc" text NOT NULL,
	"article_imposition" text NOT NULL,
	"address" text NOT NULL,
	"wilaya" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"verified_at" timestamp with time zone,
	"verified_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "companies_status_check" CHECK ("companies"."status" in ('pending', 'verified', 'rejected')),
	CONSTRAINT "companies_legal_form_check" CHECK ("companies"."legal_form" in ('SARL', 'EURL', 'SPA', 'SNC', 'SCS', 'EPE', 'EPIC', 'EI', 'ASSOCIATION', 'AUTRE'))
);
--> statement-breakpoint
CREATE TABLE "company_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "company_documents_type_check" CHECK ("company_documents"."type" in ('rc', 'nif', 'statuts'))
);
--> statement-breakpoint
CREATE TABLE "company_invoice_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "company_invoice_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "company_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"invoice_id" uuid,
	"reason" text,
	"issued_by" uuid,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "company_invoices_kind_check" CHECK ("company_invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "company_invoices_amount_check" CHECK ("company_invoices"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"member_role" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "company_members_company_id_user_id_pk" PRIMARY KEY("company_id","user_id"),
	CONSTRAINT "company_members_role_check" CHECK ("company_members"."member_role" in ('admin', 'buyer'))
);
--> statement-breakpoint
CREATE TABLE "company_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"mobile" text,
	"box_id" uuid NOT NULL,
	"unit_price" integer NOT NULL,
	"message" text,
	"deliver_on" date,
	"locale" text DEFAULT 'fr' NOT NULL,
	"voucher_id" uuid,
	CONSTRAINT "company_order_lines_contact_check" CHECK ("company_order_lines"."email" is not null or "company_order_lines"."mobile" is not null)
);
--> statement-breakpoint
CREATE TABLE "company_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"payment" text NOT NULL,
	"recipients" integer NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	"subtotal" integer NOT NULL,
	"discount_bp" integer DEFAULT 0 NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"transfer_reference" text,
	"payment_order_id" uuid,
	"checkout_url" text,
	"paid_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "company_orders_status_check" CHECK ("company_orders"."status" in ('awaiting_payment', 'awaiting_transfer', 'issuing', 'issued', 'canceled')),
	CONSTRAINT "company_orders_payment_check" CHECK ("company_orders"."payment" in ('transfer', 'cib', 'edahabia')),
	CONSTRAINT "company_orders_amounts_check" CHECK ("company_orders"."total" >= 0 and "company_orders"."discount" >= 0 and "company_orders"."total" = "company_orders"."subtotal" - "company_orders"."discount")
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_kind_check";--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invoices" ADD CONSTRAINT "company_invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invoices" ADD CONSTRAINT "company_invoices_order_id_company_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."company_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invoices" ADD CONSTRAINT "company_invoices_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_order_lines" ADD CONSTRAINT "company_order_lines_order_id_company_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."company_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_order_lines" ADD CONSTRAINT "company_order_lines_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_order_lines" ADD CONSTRAINT "company_order_lines_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_orders" ADD CONSTRAINT "company_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_orders" ADD CONSTRAINT "company_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_orders" ADD CONSTRAINT "company_orders_payment_order_id_orders_id_fk" FOREIGN KEY ("payment_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_nif_key" ON "companies" USING btree ("nif");--> statement-breakpoint
CREATE INDEX "companies_status_idx" ON "companies" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "company_documents_company_idx" ON "company_documents" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_invoices_number_key" ON "company_invoices" USING btree ("kind","year","seq");--> statement-breakpoint
CREATE INDEX "company_invoices_order_idx" ON "company_invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "company_invoices_issued_idx" ON "company_invoices" USING btree ("issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_invoices_one_per_order" ON "company_invoices" USING btree ("order_id") WHERE "company_invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "company_members_user_key" ON "company_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_order_lines_line_key" ON "company_order_lines" USING btree ("order_id","line");--> statement-breakpoint
CREATE INDEX "company_order_lines_voucher_idx" ON "company_order_lines" USING btree ("voucher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_orders_idempotency_key" ON "company_orders" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "company_orders_company_idx" ON "company_orders" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "company_orders_status_idx" ON "company_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_orders_payment_order_key" ON "company_orders" USING btree ("payment_order_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('customer', 'partner_owner', 'partner_staff', 'superadmin', 'finance', 'catalog_admin', 'support', 'company_admin', 'company_buyer'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_check" CHECK ("orders"."kind" in ('purchase', 'extension', 'exchange', 'company'));