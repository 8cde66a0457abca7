CREATE TABLE "box_sales" (
	"box_id" uuid PRIMARY KEY NOT NULL,
	"vouchers_sold" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "auth_tokens" DROP CONSTRAINT "auth_tokens_purpose_check";--> statement-breakpoint
DROP INDEX "vouchers_holder_idx";--> statement-breakpoint
DROP INDEX "vouchers_recipient_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "failed_logins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_failed_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partner_transactions" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD COLUMN "question_ar" text;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD COLUMN "answer_ar" text;--> statement-breakpoint
ALTER TABLE "box_sales" ADD CONSTRAINT "box_sales_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_daily_metric_idx" ON "analytics_daily" USING btree ("metric","day");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_events_once_key" ON "analytics_events" USING btree ("day","name","subject");--> statement-breakpoint
CREATE INDEX "analytics_events_created_idx" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_last_seen_idx" ON "sessions" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_box_idx" ON "orders" USING btree ("box_id");--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "webhook_events_forged_idx" ON "payment_webhook_events" USING btree ("created_at") WHERE "payment_webhook_events"."signature_valid" = false;--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vouchers_replaced_by_idx" ON "vouchers" USING btree ("replaced_by_voucher_id") WHERE "vouchers"."replaced_by_voucher_id" is not null;--> statement-breakpoint
CREATE INDEX "vouchers_box_idx" ON "vouchers" USING btree ("box_id");--> statement-breakpoint
CREATE INDEX "vouchers_created_idx" ON "vouchers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vouchers_redeemed_at_idx" ON "vouchers" USING btree ("redeemed_at");--> statement-breakpoint
CREATE INDEX "disputes_customer_idx" ON "disputes" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "disputes_partner_idx" ON "disputes" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "disputes_ticket_idx" ON "disputes" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "tickets_partner_idx" ON "support_tickets" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_created_idx" ON "support_tickets" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tickets_assignee_idx" ON "support_tickets" USING btree ("assigned_to","status");--> statement-breakpoint
CREATE UNIQUE INDEX "landing_configs_one_draft" ON "landing_configs" USING btree ("status") WHERE "landing_configs"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "vouchers_holder_idx" ON "vouchers" USING btree ("holder_user_id","created_at");--> statement-breakpoint
CREATE INDEX "vouchers_recipient_idx" ON "vouchers" USING btree ("recipient_email","created_at");--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_purpose_check" CHECK ("auth_tokens"."purpose" in ('password_reset', 'partner_invite', 'account_invite'));--> statement-breakpoint
-- hand-written below
-- Trigram indexes for the searches that look anywhere in a text (`ilike '%…%'`): the back office's user
-- search (e-mail, first and last name) across every account.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_first_name_trgm_idx" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_last_name_trgm_idx" ON "users" USING gin ("last_name" gin_trgm_ops);
--> statement-breakpoint
-- A partner's ledger summed without reading the table (index-only scans): the transactions page's totals and
-- the dashboard's month; and what is not paid out yet (the payout request and the dashboard's balance).
CREATE INDEX IF NOT EXISTS "partner_transactions_summary_idx" ON "partner_transactions" ("partner_id", "created_at") INCLUDE ("status", "gross_amount", "commission_amount", "net_amount");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "partner_transactions_available_idx" ON "partner_transactions" ("partner_id") INCLUDE ("gross_amount", "commission_amount", "net_amount") WHERE "status" = 'validated' AND "payout_id" IS NULL;
--> statement-breakpoint
-- partner_transactions.search_text: filled on insert from the voucher, its box and the offer (the partner's
-- search then reads one table through a trigram index instead of joining every transaction of the partner).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION partner_transaction_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(concat_ws(' ', v.code, replace(v.code, '-', ''), v.recipient_name, v.recipient_email, b.name, o.title))
    INTO NEW.search_text
    FROM vouchers v JOIN boxes b ON b.id = v.box_id, offers o
   WHERE v.id = NEW.voucher_id AND o.id = NEW.offer_id;
  NEW.search_text := coalesce(NEW.search_text, '');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER partner_transactions_search_text BEFORE INSERT ON partner_transactions
  FOR EACH ROW EXECUTE FUNCTION partner_transaction_search_text();--> statement-breakpoint
UPDATE partner_transactions t
   SET search_text = lower(concat_ws(' ', v.code, replace(v.code, '-', ''), v.recipient_name, v.recipient_email, b.name, o.title))
  FROM vouchers v JOIN boxes b ON b.id = v.box_id, offers o
 WHERE v.id = t.voucher_id AND o.id = t.offer_id;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "partner_transactions_search_trgm_idx" ON "partner_transactions" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- box_sales follows every voucher written (issued, or removed by a test clean-up); the vouchers module
-- stays the only writer of voucher rows. Backfilled from the vouchers already there.
CREATE OR REPLACE FUNCTION box_sales_follow_vouchers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO box_sales (box_id, vouchers_sold, revenue) VALUES (NEW.box_id, 1, NEW.face_value)
    ON CONFLICT (box_id) DO UPDATE SET vouchers_sold = box_sales.vouchers_sold + 1, revenue = box_sales.revenue + EXCLUDED.revenue;
    RETURN NEW;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE box_sales SET vouchers_sold = vouchers_sold - 1, revenue = revenue - OLD.face_value WHERE box_id = OLD.box_id;
    RETURN OLD;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER vouchers_box_sales AFTER INSERT OR DELETE ON vouchers FOR EACH ROW EXECUTE FUNCTION box_sales_follow_vouchers();--> statement-breakpoint
INSERT INTO box_sales (box_id, vouchers_sold, revenue)
  SELECT box_id, count(*), coalesce(sum(face_value), 0) FROM vouchers GROUP BY box_id
  ON CONFLICT (box_id) DO UPDATE SET vouchers_sold = EXCLUDED.vouchers_sold, revenue = EXCLUDED.revenue;
