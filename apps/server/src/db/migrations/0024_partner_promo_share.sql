ALTER TABLE "partner_transactions" DROP CONSTRAINT "partner_transactions_money_check";--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_amounts_check";--> statement-breakpoint
ALTER TABLE "partner_transactions" ADD COLUMN "promo_share" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_transactions" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "promo_share_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_transactions" ADD CONSTRAINT "partner_transactions_promo_check" CHECK ("partner_transactions"."promo_share" = 0 or "partner_transactions"."promo_code" is not null);--> statement-breakpoint
ALTER TABLE "partner_transactions" ADD CONSTRAINT "partner_transactions_money_check" CHECK ("partner_transactions"."gross_amount" = "partner_transactions"."commission_amount" + "partner_transactions"."net_amount" + "partner_transactions"."promo_share" and "partner_transactions"."gross_amount" >= 0 and "partner_transactions"."net_amount" >= 0 and "partner_transactions"."promo_share" >= 0);--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_amounts_check" CHECK ("payouts"."gross_amount" >= 0 and "payouts"."commission_amount" >= 0 and "payouts"."net_amount" >= 0 and "payouts"."promo_share_amount" >= 0);