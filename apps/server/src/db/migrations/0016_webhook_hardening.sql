-- Issue 32 (ADR 017): a text written to a file by SMS_PROVIDER=file is `written`, never `delivered`; the ones
-- already marked delivered by the file provider (its ids start with `file:`) are told as they were.
ALTER TABLE "sms_outbox" DROP CONSTRAINT "sms_outbox_status_check";--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_status_check" CHECK ("sms_outbox"."status" in ('queued', 'sending', 'sent', 'written', 'delivered', 'failed'));--> statement-breakpoint
UPDATE "sms_outbox" SET "status" = 'written', "delivered_at" = NULL WHERE "status" = 'delivered' AND "provider_id" LIKE 'file:%';
