-- Issue 39: the analytics' payments by charged currency are kept per day by the rollup (CHARGE_METRICS in
-- modules/analytics/rollup.ts). The days rolled up before have none: their `rolled` mark is taken away, so
-- that they are read from the orders until the job's next run, which then rewrites every past day with them.
DELETE FROM "analytics_daily" WHERE "metric" = 'rolled';
