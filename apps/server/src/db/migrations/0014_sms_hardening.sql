-- Issue 32 (ADR 013): whose limits count a text, when it is meant to reach the phone, and the codes that lift a STOP.
ALTER TABLE "sms_outbox" ADD COLUMN "source" text DEFAULT 'platform' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "planned_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sms_outbox" SET "source" = 'customer' WHERE "requested_by" IS NOT NULL;--> statement-breakpoint
UPDATE "sms_outbox" SET "planned_at" = coalesce("sent_at", "next_attempt_at", "created_at");--> statement-breakpoint
ALTER TABLE "sms_outbox" ALTER COLUMN "planned_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_source_check" CHECK ("sms_outbox"."source" in ('platform', 'customer', 'company'));--> statement-breakpoint
CREATE INDEX "sms_outbox_to_planned_idx" ON "sms_outbox" USING btree ("to_number","planned_at");--> statement-breakpoint
CREATE TABLE "sms_consent_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sms_consent_codes_phone_idx" ON "sms_consent_codes" USING btree ("phone","created_at");
