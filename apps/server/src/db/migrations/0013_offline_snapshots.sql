CREATE TABLE "offline_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"key_id" text NOT NULL,
	"scope" text NOT NULL,
	"max_snapshot_age_minutes" integer NOT NULL,
	"max_queued" integer NOT NULL,
	"max_queued_value" integer NOT NULL,
	"claimed_count" integer DEFAULT 0 NOT NULL,
	"claimed_value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offline_snapshots" ADD CONSTRAINT "offline_snapshots_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_snapshots" ADD CONSTRAINT "offline_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offline_snapshots_user_idx" ON "offline_snapshots" USING btree ("user_id","issued_at");--> statement-breakpoint
ALTER TABLE "offline_redemptions" ADD COLUMN "snapshot_id" uuid;--> statement-breakpoint
ALTER TABLE "offline_redemptions" ADD CONSTRAINT "offline_redemptions_snapshot_id_offline_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."offline_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offline_redemptions_snapshot_idx" ON "offline_redemptions" USING btree ("snapshot_id");
