ALTER TABLE "faq_entries" ADD COLUMN "question_ar" text;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD COLUMN "answer_ar" text;--> statement-breakpoint
CREATE INDEX "disputes_customer_idx" ON "disputes" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "disputes_partner_idx" ON "disputes" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "disputes_ticket_idx" ON "disputes" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "tickets_partner_idx" ON "support_tickets" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_created_idx" ON "support_tickets" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tickets_assignee_idx" ON "support_tickets" USING btree ("assigned_to","status");