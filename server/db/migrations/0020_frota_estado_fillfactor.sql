-- frota_estado is written on every position a tracker reports (issue 20: a burst of 10,000 within
-- 5 s while the lists keep their budget). Half of each page is left free, so an update that moves
-- no situation (nearly all of them) is a HOT update: the new row version stays on its page and
-- adds no entry to the table's two indexes, which the lists read. The rows already there move to
-- pages with that room now (a rewrite of one row per tracker).
ALTER TABLE "frota_estado" SET (fillfactor = 50);
--> statement-breakpoint
CLUSTER "frota_estado" USING "frota_estado_pkey";
