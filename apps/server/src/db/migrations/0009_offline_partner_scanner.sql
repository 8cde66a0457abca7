CREATE TABLE "offline_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"nonce" text NOT NULL,
	"code" text NOT NULL,
	"voucher_id" uuid,
	"offer_id" uuid,
	"outcome" text NOT NULL,
	"error_code" text,
	"scanned_at" timestamp with time zone NOT NULL,
	"snapshot_at" timestamp with time zone,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "offline_redemptions_outcome_check" CHECK ("offline_redemptions"."outcome" in ('confirmed', 'conflict'))
);
--> statement-breakpoint
ALTER TABLE "offline_redemptions" ADD CONSTRAINT "offline_redemptions_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_redemptions" ADD CONSTRAINT "offline_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_redemptions" ADD CONSTRAINT "offline_redemptions_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_redemptions" ADD CONSTRAINT "offline_redemptions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offline_redemptions_nonce_key" ON "offline_redemptions" USING btree ("user_id","nonce");--> statement-breakpoint
CREATE INDEX "offline_redemptions_conflicts_idx" ON "offline_redemptions" USING btree ("received_at","id") WHERE "offline_redemptions"."outcome" = 'conflict';--> statement-breakpoint
CREATE INDEX "offline_redemptions_partner_idx" ON "offline_redemptions" USING btree ("partner_id","received_at");--> statement-breakpoint
CREATE INDEX "voucher_events_created_idx" ON "voucher_events" USING btree ("created_at");