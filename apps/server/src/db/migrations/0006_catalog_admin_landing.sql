CREATE INDEX "orders_box_idx" ON "orders" USING btree ("box_id");--> statement-breakpoint
CREATE INDEX "vouchers_box_idx" ON "vouchers" USING btree ("box_id");--> statement-breakpoint
CREATE UNIQUE INDEX "landing_configs_one_draft" ON "landing_configs" USING btree ("status") WHERE "landing_configs"."status" = 'draft';