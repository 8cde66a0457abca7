CREATE TABLE "realtime_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "realtime_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seq" bigint,
	"topic" text NOT NULL,
	"user_id" uuid,
	"partner_id" uuid,
	"permission" text,
	"roles" text[],
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "realtime_events_audience_check" CHECK (num_nonnulls("realtime_events"."user_id", "realtime_events"."partner_id", "realtime_events"."roles") = 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "realtime_events_seq_key" ON "realtime_events" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "realtime_events_created_idx" ON "realtime_events" USING btree ("created_at","id");--> statement-breakpoint
-- ADR 019: an event's number is given at commit, in commit order (the transaction lock is held until the
-- commit ends, so a later number never becomes visible before an earlier one), and NOTIFY is delivered at commit.
CREATE SEQUENCE "realtime_events_seq";--> statement-breakpoint
CREATE FUNCTION realtime_event_committed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  numbered bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(724101);
  UPDATE realtime_events SET seq = nextval('realtime_events_seq') WHERE id = NEW.id RETURNING seq INTO numbered;
  PERFORM pg_notify('farha_realtime', numbered::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER realtime_events_number AFTER INSERT ON "realtime_events" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION realtime_event_committed();
