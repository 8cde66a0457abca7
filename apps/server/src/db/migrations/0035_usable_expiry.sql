CREATE TABLE "analytics_usable_expiry" (
	"day" date NOT NULL,
	"box_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_usable_expiry_day_box_id_slot_pk" PRIMARY KEY("day","box_id","slot"),
	CONSTRAINT "analytics_usable_expiry_count_check" CHECK ("analytics_usable_expiry"."count" >= 0)
);
--> statement-breakpoint
-- hand-written below
-- analytics_usable_expiry follows vouchers: a voucher counts on the Algiers day of its expiry, under its box,
-- while its status is usable (VOUCHER_STATUS_GROUPS.usable, the list of vouchers_usable_expiry_idx). A change
-- of anything else (a recipient, a reservation's slot) writes nothing.
CREATE OR REPLACE FUNCTION analytics_usable_expiry_follow_vouchers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP IN ('UPDATE', 'DELETE') AND OLD.status IN ('ISSUED', 'DELIVERED', 'EXTENDED', 'RESERVED');
  is_now boolean := TG_OP IN ('INSERT', 'UPDATE') AND NEW.status IN ('ISSUED', 'DELIVERED', 'EXTENDED', 'RESERVED');
BEGIN
  IF TG_OP = 'UPDATE' AND was = is_now
     AND (NOT was OR (OLD.expires_at = NEW.expires_at AND OLD.box_id = NEW.box_id AND OLD.face_value = NEW.face_value)) THEN
    RETURN NULL;
  END IF;
  IF was THEN
    UPDATE analytics_usable_expiry SET count = count - 1, value = value - OLD.face_value
      WHERE day = ((OLD.expires_at AT TIME ZONE 'UTC') + interval '1 hour')::date AND box_id = OLD.box_id AND slot = (hashtext(OLD.id::text) & 7);
  END IF;
  IF is_now THEN
    INSERT INTO analytics_usable_expiry (day, box_id, slot, count, value)
      VALUES (((NEW.expires_at AT TIME ZONE 'UTC') + interval '1 hour')::date, NEW.box_id, hashtext(NEW.id::text) & 7, 1, NEW.face_value)
      ON CONFLICT (day, box_id, slot) DO UPDATE SET count = analytics_usable_expiry.count + 1, value = analytics_usable_expiry.value + EXCLUDED.value;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER vouchers_usable_expiry AFTER INSERT OR DELETE OR UPDATE OF status, expires_at, box_id, face_value ON vouchers
  FOR EACH ROW EXECUTE FUNCTION analytics_usable_expiry_follow_vouchers();--> statement-breakpoint
INSERT INTO analytics_usable_expiry (day, box_id, slot, count, value)
  SELECT ((expires_at AT TIME ZONE 'UTC') + interval '1 hour')::date, box_id, hashtext(id::text) & 7, count(*), sum(face_value)
  FROM vouchers WHERE status IN ('ISSUED', 'DELIVERED', 'EXTENDED', 'RESERVED') GROUP BY 1, 2, 3;
