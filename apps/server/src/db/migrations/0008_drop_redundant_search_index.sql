-- hand-written below
-- The partner's transaction search always reads one partner's rows: partner_transactions_partner_search_idx
-- (partner and trigram, 0007) serves it. The trigram index on search_text alone (0006) was read by no
-- query and written at every redemption.
DROP INDEX IF EXISTS "partner_transactions_search_trgm_idx";
