-- Plans that stay index probes as the tables grow (bench:orders). The ledger's and the order book's
-- functions only ever touch a few rows by key: a batch's journals, accounts, entries and orders. PL/pgSQL keeps a
-- statement's plan for the connection's life (until the next ANALYZE of its tables), and a statement without
-- parameters, like the entries trigger's, is never planned again at all. Planned while a new database's tables were
-- a few pages, those plans were scans and hash joins, and every posting read the whole of entries and journals: on a
-- fresh database orders/s fell by half in 30 s, until autovacuum's first ANALYZE. ledger_post_batch worked round it
-- by planning every statement again at every call (plan_cache_mode = force_custom_plan), a quarter of the database's
-- CPU per order. Instead, these functions now plan only nested loops over index probes, the right plan at any size,
-- and keep it: sequential scans, hash joins and merge joins are off inside them (the planner still uses a scan where
-- no index fits, such as the batch's own arrays and the statement's new rows).

ALTER FUNCTION ledger_post_batch(jsonb) RESET plan_cache_mode;
--> statement-breakpoint
ALTER FUNCTION ledger_post_batch(jsonb) SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off;
--> statement-breakpoint
ALTER FUNCTION ledger_apply_entries() SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off;
--> statement-breakpoint
ALTER FUNCTION ledger_check_journal_users() SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off;
--> statement-breakpoint
ALTER FUNCTION orders_lock_books(uuid[], text[]) SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off;
--> statement-breakpoint
ALTER FUNCTION orders_lock_orders(uuid[], bigint[]) SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off;
--> statement-breakpoint
-- A book's open positions, read by every free-margin check: a partial index holds only them, where the per-user
-- indexes hold every order the user ever had (and, until statistics exist, the planner picked the shorter of those,
-- filtering all of a user's orders on each check).
CREATE INDEX "orders_open_positions_idx" ON "orders" USING btree ("user_id", "book") WHERE "orders"."kind" = 'contract' AND "orders"."status" = 'open';
