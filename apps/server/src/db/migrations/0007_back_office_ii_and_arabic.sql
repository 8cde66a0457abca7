CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_transaction_months" (
	"partner_id" uuid NOT NULL,
	"month" date NOT NULL,
	"status" text NOT NULL,
	"count" bigint NOT NULL,
	"gross_amount" bigint NOT NULL,
	"commission_amount" bigint NOT NULL,
	"net_amount" bigint NOT NULL,
	CONSTRAINT "partner_transaction_months_partner_id_month_status_pk" PRIMARY KEY("partner_id","month","status")
);
--> statement-breakpoint
CREATE TABLE "analytics_customer_days" (
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_customer_days_day_user_id_pk" PRIMARY KEY("day","user_id"),
	CONSTRAINT "analytics_customer_days_orders_check" CHECK ("analytics_customer_days"."orders" > 0)
);
--> statement-breakpoint
CREATE TABLE "analytics_voucher_days" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"slot" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_voucher_days_day_status_slot_pk" PRIMARY KEY("day","status","slot"),
	CONSTRAINT "analytics_voucher_days_count_check" CHECK ("analytics_voucher_days"."count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "boxes" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "boxes" ADD COLUMN "description_ar" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "title_ar" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "description_ar" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason_params" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "params" jsonb;--> statement-breakpoint
CREATE INDEX "login_failures_reset_idx" ON "login_failures" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "analytics_customer_days_user_idx" ON "analytics_customer_days" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "vouchers_usable_expiry_idx" ON "vouchers" USING btree ("expires_at","box_id","face_value") WHERE "vouchers"."status" in ('ISSUED', 'DELIVERED', 'EXTENDED', 'RESERVED');--> statement-breakpoint
-- hand-written below
-- from search
-- search_fold(text): the searches' folded form of a text, lower case, Latin accents off, Arabic without its
-- short vowels, shadda, sukun and tatweel, its alef forms as ا, ى as ي and ة as ه (src/lib/search-fold.ts
-- folds what is typed with the same table; a test compares the two).
CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower($1), U&'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸŒÆأإآٱىة\064B\064C\064D\064E\064F\0650\0651\0652\0653\0654\0655\0670\0640', 'aaaaaaceeeeiiiinooooouuuuyyoaaaaaaaceeeeiiiinooooouuuuyyoaاااايه')
$$;--> statement-breakpoint
-- What the partner's search looks in: the voucher's code (with and without dashes), the customer's name and
-- e-mail, the box's and the offer's names in French and in Arabic, folded.
CREATE OR REPLACE FUNCTION partner_transaction_search_of(code text, recipient_name text, recipient_email text,
    box_name text, box_name_ar text, offer_title text, offer_title_ar text) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT search_fold(concat_ws(' ', code, replace(code, '-', ''), recipient_name, recipient_email, box_name, box_name_ar, offer_title, offer_title_ar))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION partner_transaction_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT partner_transaction_search_of(v.code, v.recipient_name, v.recipient_email, b.name, b.name_ar, o.title, o.title_ar)
    INTO NEW.search_text
    FROM vouchers v JOIN boxes b ON b.id = v.box_id, offers o
   WHERE v.id = NEW.voucher_id AND o.id = NEW.offer_id;
  NEW.search_text := coalesce(NEW.search_text, '');
  RETURN NEW;
END
$$;--> statement-breakpoint
-- As at the redemption, as before: a box or an offer renamed later is not followed (at a million rows,
-- rewriting a popular offer's or box's rows took tens of seconds inside the admin's request). The rows already
-- there are rewritten once here, with the Arabic names they have now.
UPDATE partner_transactions t
   SET search_text = partner_transaction_search_of(v.code, v.recipient_name, v.recipient_email, b.name, b.name_ar, o.title, o.title_ar)
  FROM vouchers v JOIN boxes b ON b.id = v.box_id, offers o
 WHERE v.id = t.voucher_id AND o.id = t.offer_id;--> statement-breakpoint
-- from ops
-- partner_transaction_months follows partner_transactions: one statement trigger per kind of change, each
-- adding (or taking away) the changed rows' totals per partner, UTC month and status at once.
CREATE OR REPLACE FUNCTION partner_transaction_months_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO partner_transaction_months AS m (partner_id, month, status, count, gross_amount, commission_amount, net_amount)
    SELECT partner_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, status,
           -count(*), -sum(gross_amount), -sum(commission_amount), -sum(net_amount)
      FROM old_rows GROUP BY 1, 2, 3
    ON CONFLICT (partner_id, month, status) DO UPDATE SET
      count = m.count + EXCLUDED.count, gross_amount = m.gross_amount + EXCLUDED.gross_amount,
      commission_amount = m.commission_amount + EXCLUDED.commission_amount, net_amount = m.net_amount + EXCLUDED.net_amount;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO partner_transaction_months AS m (partner_id, month, status, count, gross_amount, commission_amount, net_amount)
    SELECT partner_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, status,
           count(*), sum(gross_amount), sum(commission_amount), sum(net_amount)
      FROM new_rows GROUP BY 1, 2, 3
    ON CONFLICT (partner_id, month, status) DO UPDATE SET
      count = m.count + EXCLUDED.count, gross_amount = m.gross_amount + EXCLUDED.gross_amount,
      commission_amount = m.commission_amount + EXCLUDED.commission_amount, net_amount = m.net_amount + EXCLUDED.net_amount;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER partner_transaction_months_insert AFTER INSERT ON partner_transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION partner_transaction_months_follow();--> statement-breakpoint
CREATE TRIGGER partner_transaction_months_update AFTER UPDATE ON partner_transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION partner_transaction_months_follow();--> statement-breakpoint
CREATE TRIGGER partner_transaction_months_delete AFTER DELETE ON partner_transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION partner_transaction_months_follow();--> statement-breakpoint
INSERT INTO partner_transaction_months (partner_id, month, status, count, gross_amount, commission_amount, net_amount)
  SELECT partner_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, status,
         count(*), sum(gross_amount), sum(commission_amount), sum(net_amount)
    FROM partner_transactions GROUP BY 1, 2, 3;--> statement-breakpoint
-- The partner's search within their own rows only (partner and trigram in one GIN index): its count and sums
-- read the partner's matches instead of every partner's.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "partner_transactions_partner_search_idx" ON "partner_transactions" USING gin ("partner_id", "search_text" gin_trgm_ops);--> statement-breakpoint
-- from analytics
-- The dashboard's pre-aggregates (issue 12/13), kept exact by triggers on every write and backfilled from
-- the rows already there. Days are Algiers days (UTC+1 all year), as in analytics_daily.
CREATE OR REPLACE FUNCTION analytics_voucher_days_follow_vouchers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.created_at = NEW.created_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE analytics_voucher_days SET count = count - 1
      WHERE day = ((OLD.created_at AT TIME ZONE 'UTC') + interval '1 hour')::date AND status = OLD.status AND slot = (hashtext(OLD.id::text) & 7);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO analytics_voucher_days (day, status, slot, count)
      VALUES (((NEW.created_at AT TIME ZONE 'UTC') + interval '1 hour')::date, NEW.status, hashtext(NEW.id::text) & 7, 1)
      ON CONFLICT (day, status, slot) DO UPDATE SET count = analytics_voucher_days.count + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER vouchers_analytics_days AFTER INSERT OR DELETE OR UPDATE OF status, created_at ON vouchers
  FOR EACH ROW EXECUTE FUNCTION analytics_voucher_days_follow_vouchers();--> statement-breakpoint
INSERT INTO analytics_voucher_days (day, status, slot, count)
  SELECT ((created_at AT TIME ZONE 'UTC') + interval '1 hour')::date, status, hashtext(id::text) & 7, count(*)
  FROM vouchers GROUP BY 1, 2, 3
  ON CONFLICT (day, status, slot) DO UPDATE SET count = EXCLUDED.count;--> statement-breakpoint
-- An order counts for its purchaser on the Algiers day it was paid while it is paid or fulfilled.
CREATE OR REPLACE FUNCTION analytics_customer_days_follow_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP IN ('UPDATE', 'DELETE') AND OLD.status IN ('paid', 'fulfilled') AND OLD.paid_at IS NOT NULL;
  now_counted boolean := TG_OP IN ('INSERT', 'UPDATE') AND NEW.status IN ('paid', 'fulfilled') AND NEW.paid_at IS NOT NULL;
BEGIN
  IF TG_OP = 'UPDATE' AND was = now_counted AND (NOT was OR (OLD.paid_at = NEW.paid_at AND OLD.purchaser_id = NEW.purchaser_id)) THEN
    RETURN NULL;
  END IF;
  -- The dashboard's customer figures kept for past windows (analytics_daily 'customers:%', keyed by the
  -- window's last day) no longer hold for any window reaching the day that changes: dropped, recomputed on
  -- the next read. A purchase today drops nothing (no kept window ends today).
  IF was THEN
    DELETE FROM analytics_daily WHERE metric LIKE 'customers:%' AND day >= ((OLD.paid_at AT TIME ZONE 'UTC') + interval '1 hour')::date;
  END IF;
  IF now_counted THEN
    DELETE FROM analytics_daily WHERE metric LIKE 'customers:%' AND day >= ((NEW.paid_at AT TIME ZONE 'UTC') + interval '1 hour')::date;
  END IF;
  IF was THEN
    DELETE FROM analytics_customer_days
      WHERE day = ((OLD.paid_at AT TIME ZONE 'UTC') + interval '1 hour')::date AND user_id = OLD.purchaser_id AND orders = 1;
    IF NOT FOUND THEN
      UPDATE analytics_customer_days SET orders = orders - 1
        WHERE day = ((OLD.paid_at AT TIME ZONE 'UTC') + interval '1 hour')::date AND user_id = OLD.purchaser_id;
    END IF;
  END IF;
  IF now_counted THEN
    INSERT INTO analytics_customer_days (day, user_id, orders)
      VALUES (((NEW.paid_at AT TIME ZONE 'UTC') + interval '1 hour')::date, NEW.purchaser_id, 1)
      ON CONFLICT (day, user_id) DO UPDATE SET orders = analytics_customer_days.orders + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER orders_analytics_customer_days AFTER INSERT OR DELETE OR UPDATE OF status, paid_at, purchaser_id ON orders
  FOR EACH ROW EXECUTE FUNCTION analytics_customer_days_follow_orders();--> statement-breakpoint
INSERT INTO analytics_customer_days (day, user_id, orders)
  SELECT ((paid_at AT TIME ZONE 'UTC') + interval '1 hour')::date, purchaser_id, count(*)
  FROM orders WHERE status IN ('paid', 'fulfilled') AND paid_at IS NOT NULL GROUP BY 1, 2
  ON CONFLICT (day, user_id) DO UPDATE SET orders = EXCLUDED.orders;--> statement-breakpoint
-- An account that becomes or stops being a customer changes every kept customer figure.
CREATE OR REPLACE FUNCTION analytics_customer_figures_follow_roles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.role = 'customer') <> (NEW.role = 'customer') THEN
    DELETE FROM analytics_daily WHERE metric LIKE 'customers:%';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_analytics_customer_figures AFTER UPDATE OF role ON users
  FOR EACH ROW EXECUTE FUNCTION analytics_customer_figures_follow_roles();
