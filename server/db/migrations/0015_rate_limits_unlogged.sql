-- The request counters of the rate limits (services/rate-limit.ts) need no crash safety: an
-- unlogged table writes no WAL, so the hit every public call and every login makes no longer
-- waits for a WAL flush at commit (the payment page's budget, issue 21: the counter was most of
-- its time). After a crash PostgreSQL empties it: the counters and login locks start again.
ALTER TABLE "rate_limits" SET UNLOGGED;
