CREATE TABLE "sms_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_number" text NOT NULL,
	"body" text NOT NULL,
	"kind" text NOT NULL,
	"locale" text DEFAULT 'fr' NOT NULL,
	"encoding" text NOT NULL,
	"segments" integer NOT NULL,
	"cost" integer DEFAULT 0 NOT NULL,
	"user_id" uuid,
	"requested_by" uuid,
	"voucher_id" uuid,
	"dedupe_key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_at" timestamp with time zone,
	"last_error" text,
	"provider_id" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sms_outbox_status_check" CHECK ("sms_outbox"."status" in ('queued', 'sending', 'sent', 'delivered', 'failed')),
	CONSTRAINT "sms_outbox_encoding_check" CHECK ("sms_outbox"."encoding" in ('GSM-7', 'UCS-2')),
	CONSTRAINT "sms_outbox_segments_check" CHECK ("sms_outbox"."segments" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recipient_phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recipient_sms" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_to_idx" ON "sms_outbox" USING btree ("to_number","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_requested_by_idx" ON "sms_outbox" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_user_idx" ON "sms_outbox" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_voucher_idx" ON "sms_outbox" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_outbox_provider_id_key" ON "sms_outbox" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_outbox_dedupe_key" ON "sms_outbox" USING btree ("dedupe_key");