CREATE TABLE "chat_agents" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"available" boolean DEFAULT false NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"audience" text NOT NULL,
	"status" text NOT NULL,
	"requester_id" uuid,
	"locale" text DEFAULT 'fr' NOT NULL,
	"agent_id" uuid,
	"queued_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"first_answer_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	"requester_read_at" timestamp with time zone,
	"agent_read_at" timestamp with time zone,
	"requester_typing_at" timestamp with time zone,
	"agent_typing_at" timestamp with time zone,
	"visitor_token_hash" text,
	"transcript_sent_at" timestamp with time zone,
	"rating_comment" text,
	"transfers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_sessions_status_check" CHECK ("chat_sessions"."status" in ('waiting', 'active', 'ended', 'missed')),
	CONSTRAINT "chat_sessions_audience_check" CHECK ("chat_sessions"."audience" in ('customer', 'partner', 'visitor')),
	CONSTRAINT "chat_sessions_ended_by_check" CHECK ("chat_sessions"."ended_by" is null or "chat_sessions"."ended_by" in ('requester', 'agent', 'system')),
	CONSTRAINT "chat_sessions_locale_check" CHECK ("chat_sessions"."locale" in ('fr', 'ar')),
	CONSTRAINT "chat_sessions_requester_check" CHECK ("chat_sessions"."requester_id" is not null or "chat_sessions"."visitor_token_hash" is not null)
);
--> statement-breakpoint
ALTER TABLE "ticket_messages" DROP CONSTRAINT "ticket_messages_kind_check";--> statement-breakpoint
ALTER TABLE "realtime_events" DROP CONSTRAINT "realtime_events_audience_check";--> statement-breakpoint
ALTER TABLE "support_tickets" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_messages" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "requester_name" text;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "requester_email" text;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "channel" text DEFAULT 'form' NOT NULL;--> statement-breakpoint
ALTER TABLE "realtime_events" ADD COLUMN "chat_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_agents" ADD CONSTRAINT "chat_agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_sessions_waiting_idx" ON "chat_sessions" USING btree ("queued_at","ticket_id") WHERE "chat_sessions"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "chat_sessions_agent_idx" ON "chat_sessions" USING btree ("agent_id","status");--> statement-breakpoint
CREATE INDEX "chat_sessions_ended_idx" ON "chat_sessions" USING btree ("ended_at","ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_sessions_requester_open_key" ON "chat_sessions" USING btree ("requester_id") WHERE "chat_sessions"."status" in ('waiting', 'active') and "chat_sessions"."requester_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_sessions_visitor_key" ON "chat_sessions" USING btree ("visitor_token_hash");--> statement-breakpoint
CREATE INDEX "realtime_events_chat_idx" ON "realtime_events" USING btree ("chat_id","seq");--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "tickets_channel_check" CHECK ("support_tickets"."channel" in ('form', 'chat'));--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "tickets_requester_check" CHECK ("support_tickets"."user_id" is not null or "support_tickets"."requester_email" is not null);--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_author_check" CHECK ("ticket_messages"."author_id" is not null or "ticket_messages"."author_kind" = 'visitor');--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_kind_check" CHECK ("ticket_messages"."author_kind" in ('user', 'support', 'visitor'));--> statement-breakpoint
ALTER TABLE "realtime_events" ADD CONSTRAINT "realtime_events_audience_check" CHECK (num_nonnulls("realtime_events"."user_id", "realtime_events"."partner_id", "realtime_events"."roles", "realtime_events"."chat_id") = 1);