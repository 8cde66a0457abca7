ALTER TABLE "gift_cards" ADD COLUMN "source" text DEFAULT 'purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "issued_by" uuid;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "ticket_id" uuid;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "dispute_id" uuid;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_cards_ticket_idx" ON "gift_cards" USING btree ("ticket_id") WHERE "gift_cards"."ticket_id" is not null;--> statement-breakpoint
CREATE INDEX "gift_cards_dispute_idx" ON "gift_cards" USING btree ("dispute_id") WHERE "gift_cards"."dispute_id" is not null;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_source_check" CHECK ("gift_cards"."source" in ('purchase', 'goodwill'));--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_goodwill_check" CHECK ("gift_cards"."source" <> 'goodwill' or ("gift_cards"."issued_by" is not null and "gift_cards"."reason" is not null));