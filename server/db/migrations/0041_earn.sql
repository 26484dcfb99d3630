-- Smart trading plans (server/modules/earn, docs/earn.md): the plans operators define, the users' purchases, and the
-- daily accrual as one set-based step (earn_accrue_step). Money moves only through journals and entries; the ledger's
-- own triggers (0008_ledger_hardening.sql) check every entry this step writes, as they check ledger_post_batch's.
CREATE TABLE "earn_plans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (START WITH 101),
	"names" jsonb NOT NULL,
	"currency" text NOT NULL REFERENCES "currencies" ("code"),
	"days" integer NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"max_amount" numeric(38, 18) NOT NULL,
	"daily_rate" numeric(38, 18) NOT NULL,
	"exit_share" numeric(38, 18) NOT NULL,
	"status" text NOT NULL DEFAULT 'active',
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "earn_plans_days_check" CHECK ("days" BETWEEN 1 AND 3650),
	CONSTRAINT "earn_plans_range_check" CHECK ("min_amount" > 0 AND "max_amount" >= "min_amount"),
	CONSTRAINT "earn_plans_rate_check" CHECK ("daily_rate" >= 0 AND "daily_rate" <= 1),
	CONSTRAINT "earn_plans_exit_check" CHECK ("exit_share" >= 0 AND "exit_share" <= 1),
	CONSTRAINT "earn_plans_status_check" CHECK ("status" IN ('active', 'paused', 'closed'))
);
--> statement-breakpoint
-- A purchase: its terms are copied from the plan at purchase, so a later change of the plan never changes a promise.
-- Day k (1..days) of a purchase made on start_day is credited on start_day + k (UTC); days_paid is the last day
-- credited, advanced in the same statement that posts it (earn_accrue_step), so no day is ever paid twice.
CREATE TABLE "earn_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (START WITH 1000001),
	"user_id" uuid NOT NULL REFERENCES "users" ("id"),
	"plan_id" bigint NOT NULL REFERENCES "earn_plans" ("id"),
	"book" text NOT NULL,
	"currency" text NOT NULL,
	"principal" numeric(38, 18) NOT NULL,
	"daily_rate" numeric(38, 18) NOT NULL,
	"daily" numeric(38, 18) NOT NULL,
	"days" integer NOT NULL,
	"exit_share" numeric(38, 18) NOT NULL,
	"earmark" numeric(38, 18) NOT NULL,
	"start_day" date NOT NULL,
	"days_paid" integer NOT NULL DEFAULT 0,
	"paid" numeric(38, 18) NOT NULL DEFAULT 0,
	"status" text NOT NULL DEFAULT 'running',
	"returned" numeric(38, 18),
	"request_key" text NOT NULL,
	"created_at" bigint NOT NULL,
	"ended_at" bigint,
	CONSTRAINT "earn_orders_request_key_unique" UNIQUE ("request_key"),
	CONSTRAINT "earn_orders_book_check" CHECK ("book" IN ('demo', 'live')),
	CONSTRAINT "earn_orders_status_check" CHECK ("status" IN ('running', 'success', 'early_exit')),
	CONSTRAINT "earn_orders_days_paid_check" CHECK ("days_paid" BETWEEN 0 AND "days"),
	CONSTRAINT "earn_orders_paid_check" CHECK ("paid" >= 0 AND "paid" <= "earmark")
);
--> statement-breakpoint
CREATE INDEX "earn_orders_user_idx" ON "earn_orders" ("user_id", "book", "id" DESC);
--> statement-breakpoint
CREATE INDEX "earn_orders_running_idx" ON "earn_orders" ("plan_id") WHERE "status" = 'running';
--> statement-breakpoint
-- The accrual's scan: running purchases by the day their next credit falls due.
CREATE INDEX "earn_orders_due_idx" ON "earn_orders" (("start_day" + "days_paid")) WHERE "status" = 'running';
--> statement-breakpoint

-- One day of accrual for every running purchase whose next day is due on or before p_today: for each, one journal
-- 'earn:day:<order>:<day>' (earmarked reserve -> the user's available), and on its last day a second one
-- 'earn:end:<order>' (the principal back from the user's earn account, any unused earmark back to the free reserve).
-- Called again until it answers 0, it catches up missed days one day per call. Set-based: one UPDATE, one INSERT of
-- journals, one INSERT of entries, whatever the number of purchases. Accounts are locked in id order, as
-- ledger_post_batch locks them, so a purchase and the accrual queue instead of deadlocking. The transaction-level
-- advisory lock makes two processes' runs take turns. SECURITY DEFINER, as the ledger's own functions are.
CREATE FUNCTION earn_accrue_step(p_today date, p_now bigint) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_n integer;
BEGIN
  PERFORM pg_advisory_xact_lock(7351041);
  CREATE TEMP TABLE IF NOT EXISTS earn_step (
    order_id bigint, user_id uuid, book text, currency text, daily numeric(38, 18), principal numeric(38, 18),
    day integer, ended boolean, released numeric(38, 18)
  ) ON COMMIT DELETE ROWS;
  CREATE TEMP TABLE IF NOT EXISTS earn_step_legs (
    seq bigint, key text, account_id uuid, amount numeric(38, 18), currency text
  ) ON COMMIT DELETE ROWS;
  DELETE FROM earn_step;
  DELETE FROM earn_step_legs;

  WITH due AS (
    UPDATE earn_orders o SET
      days_paid = o.days_paid + 1,
      paid = o.paid + o.daily,
      status = CASE WHEN o.days_paid + 1 = o.days THEN 'success' ELSE o.status END,
      returned = CASE WHEN o.days_paid + 1 = o.days THEN o.principal ELSE o.returned END,
      ended_at = CASE WHEN o.days_paid + 1 = o.days THEN p_now ELSE o.ended_at END
    WHERE o.status = 'running' AND o.start_day + o.days_paid < p_today
    RETURNING o.id, o.user_id, o.book, o.currency, o.daily, o.principal, o.days_paid, o.status = 'success', o.earmark - o.paid
  )
  INSERT INTO earn_step SELECT * FROM due;
  GET DIAGNOSTICS v_n = ROW_COUNT;
  IF v_n = 0 THEN
    RETURN 0;
  END IF;

  -- The legs, in the order their entries are written (seq): per purchase, the day's earnings, then at the end the
  -- principal and any unused earmark.
  INSERT INTO earn_step_legs (seq, key, account_id, amount, currency)
  SELECT row_number() OVER (ORDER BY l.order_id, l.n), l.key, l.account_id, l.amount, l.currency FROM (
    SELECT s.order_id, 1 AS n, 'earn:day:' || s.order_id || ':' || s.day AS key, ua.id AS account_id, s.daily AS amount, s.currency
      FROM earn_step s JOIN accounts ua ON ua.owner_id = s.user_id AND ua.book = s.book AND ua.currency = s.currency AND ua.kind = 'available' AND ua.shard = 0
      WHERE s.daily > 0
    UNION ALL
    SELECT s.order_id, 2, 'earn:day:' || s.order_id || ':' || s.day, ea.id, -s.daily, s.currency
      FROM earn_step s JOIN accounts ea ON ea.owner_id IS NULL AND ea.book = s.book AND ea.currency = s.currency AND ea.kind = 'earn_earmarked' AND ea.shard = 0
      WHERE s.daily > 0
    UNION ALL
    SELECT s.order_id, 3, 'earn:end:' || s.order_id, ue.id, -s.principal, s.currency
      FROM earn_step s JOIN accounts ue ON ue.owner_id = s.user_id AND ue.book = s.book AND ue.currency = s.currency AND ue.kind = 'earn' AND ue.shard = 0
      WHERE s.ended
    UNION ALL
    SELECT s.order_id, 4, 'earn:end:' || s.order_id, ua.id, s.principal, s.currency
      FROM earn_step s JOIN accounts ua ON ua.owner_id = s.user_id AND ua.book = s.book AND ua.currency = s.currency AND ua.kind = 'available' AND ua.shard = 0
      WHERE s.ended
    UNION ALL
    SELECT s.order_id, 5, 'earn:end:' || s.order_id, ea.id, -s.released, s.currency
      FROM earn_step s JOIN accounts ea ON ea.owner_id IS NULL AND ea.book = s.book AND ea.currency = s.currency AND ea.kind = 'earn_earmarked' AND ea.shard = 0
      WHERE s.ended AND s.released > 0
    UNION ALL
    SELECT s.order_id, 6, 'earn:end:' || s.order_id, ra.id, s.released, s.currency
      FROM earn_step s JOIN accounts ra ON ra.owner_id IS NULL AND ra.book = s.book AND ra.currency = s.currency AND ra.kind = 'earn_reserve' AND ra.shard = 0
      WHERE s.ended AND s.released > 0
  ) l;

  PERFORM 1 FROM accounts a WHERE a.id IN (SELECT DISTINCT account_id FROM earn_step_legs) ORDER BY a.id FOR UPDATE;

  INSERT INTO journals (kind, reason, reference, idempotency_key, user_id)
    SELECT 'yield', CASE WHEN k.key LIKE 'earn:day:%' THEN 'earn.earnings' ELSE 'earn.expiry' END, s.order_id::text, k.key, s.user_id
    FROM (SELECT key, min(seq) AS first FROM earn_step_legs GROUP BY key) k
    JOIN earn_step s ON s.order_id = split_part(k.key, ':', 3)::bigint
    ORDER BY k.first;

  -- balance_after: each account's balance plus the running sum of its legs in seq order, the order the entries'
  -- ids are drawn in (ledger_apply_entries checks exactly this).
  INSERT INTO entries (journal_id, account_id, amount, currency, balance_after)
    SELECT j.id, l.account_id, l.amount, l.currency,
      a.balance + sum(l.amount) OVER (PARTITION BY l.account_id ORDER BY l.seq ROWS UNBOUNDED PRECEDING)
    FROM earn_step_legs l
    JOIN journals j ON j.idempotency_key = l.key
    JOIN accounts a ON a.id = l.account_id
    ORDER BY l.seq;
  RETURN v_n;
END
$$;
