ALTER TABLE "partner_transactions" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- hand-written below
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
