CREATE TABLE "box_sales" (
	"box_id" uuid PRIMARY KEY NOT NULL,
	"vouchers_sold" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "box_sales" ADD CONSTRAINT "box_sales_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_box_idx" ON "orders" USING btree ("box_id");--> statement-breakpoint
CREATE INDEX "vouchers_box_idx" ON "vouchers" USING btree ("box_id");--> statement-breakpoint
CREATE UNIQUE INDEX "landing_configs_one_draft" ON "landing_configs" USING btree ("status") WHERE "landing_configs"."status" = 'draft';--> statement-breakpoint
-- hand-written below
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
