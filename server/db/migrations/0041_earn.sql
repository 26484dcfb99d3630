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
-- Called again until it answers 0, it catches up missed days one day per call. It answers how many it credited and, for
-- at most 1 000, whose books moved. Set-based: one UPDATE, one INSERT of
-- journals, one INSERT of entries, whatever the number of purchases. Accounts are locked in id order, as
-- ledger_post_batch locks them, so a purchase and the accrual queue instead of deadlocking. The transaction-level
-- advisory lock makes two processes' runs take turns. SECURITY DEFINER, as the ledger's own functions are.
CREATE FUNCTION earn_accrue_step(p_today date, p_now bigint) RETURNS TABLE (credited integer, touched jsonb)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_n integer;
  v_touched jsonb;
BEGIN
  PERFORM pg_advisory_xact_lock(7351041);
  CREATE TEMP TABLE IF NOT EXISTS earn_step (
    order_id bigint, user_id uuid, book text, currency text, daily numeric(38, 18), principal numeric(38, 18),
    day integer, ended boolean, released numeric(38, 18)
  ) ON COMMIT DELETE ROWS;
  CREATE TEMP TABLE IF NOT EXISTS earn_step_legs (
    seq bigint, key text, order_id bigint, user_id uuid, opens boolean, account_id uuid, amount numeric(38, 18), currency text
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
    RETURN QUERY SELECT 0, NULL::jsonb;
    RETURN;
  END IF;
  ANALYZE earn_step;
  -- Whose books moved, for the balance_update push; not for a day's whole run at midnight (a push to every user at
  -- once), whose users see it on their next read.
  IF v_n <= 1000 THEN
    SELECT jsonb_agg(DISTINCT jsonb_build_object('userId', s.user_id, 'book', s.book)) INTO v_touched FROM earn_step s;
  END IF;

  -- The legs, in the order their entries are written (seq): per purchase, the day's earnings, then at the end the
  -- principal and any unused earmark.
  INSERT INTO earn_step_legs (seq, key, order_id, user_id, opens, account_id, amount, currency)
  SELECT row_number() OVER (ORDER BY l.order_id, l.n), l.key, l.order_id, l.user_id, l.n IN (1, 3), l.account_id, l.amount, l.currency FROM (
    SELECT s.order_id, s.user_id, 1 AS n, 'earn:day:' || s.order_id || ':' || s.day AS key, ua.id AS account_id, s.daily AS amount, s.currency
      FROM earn_step s JOIN accounts ua ON ua.owner_id = s.user_id AND ua.book = s.book AND ua.currency = s.currency AND ua.kind = 'available' AND ua.shard = 0
      WHERE s.daily > 0
    UNION ALL
    SELECT s.order_id, s.user_id, 2, 'earn:day:' || s.order_id || ':' || s.day, ea.id, -s.daily, s.currency
      FROM earn_step s JOIN accounts ea ON ea.owner_id IS NULL AND ea.book = s.book AND ea.currency = s.currency AND ea.kind = 'earn_earmarked' AND ea.shard = 0
      WHERE s.daily > 0
    UNION ALL
    SELECT s.order_id, s.user_id, 3, 'earn:end:' || s.order_id, ue.id, -s.principal, s.currency
      FROM earn_step s JOIN accounts ue ON ue.owner_id = s.user_id AND ue.book = s.book AND ue.currency = s.currency AND ue.kind = 'earn' AND ue.shard = 0
      WHERE s.ended
    UNION ALL
    SELECT s.order_id, s.user_id, 4, 'earn:end:' || s.order_id, ua.id, s.principal, s.currency
      FROM earn_step s JOIN accounts ua ON ua.owner_id = s.user_id AND ua.book = s.book AND ua.currency = s.currency AND ua.kind = 'available' AND ua.shard = 0
      WHERE s.ended
    UNION ALL
    SELECT s.order_id, s.user_id, 5, 'earn:end:' || s.order_id, ea.id, -s.released, s.currency
      FROM earn_step s JOIN accounts ea ON ea.owner_id IS NULL AND ea.book = s.book AND ea.currency = s.currency AND ea.kind = 'earn_earmarked' AND ea.shard = 0
      WHERE s.ended AND s.released > 0
    UNION ALL
    SELECT s.order_id, s.user_id, 6, 'earn:end:' || s.order_id, ra.id, s.released, s.currency
      FROM earn_step s JOIN accounts ra ON ra.owner_id IS NULL AND ra.book = s.book AND ra.currency = s.currency AND ra.kind = 'earn_reserve' AND ra.shard = 0
      WHERE s.ended AND s.released > 0
  ) l;
  -- The planner knows nothing of a temporary table until it is analysed; a guess of a few rows makes nested loops.
  ANALYZE earn_step_legs;

  PERFORM 1 FROM accounts a WHERE a.id IN (SELECT DISTINCT account_id FROM earn_step_legs) ORDER BY a.id FOR UPDATE;

  INSERT INTO journals (kind, reason, reference, idempotency_key, user_id)
    SELECT 'yield', CASE WHEN l.key LIKE 'earn:day:%' THEN 'earn.earnings' ELSE 'earn.expiry' END, l.order_id::text, l.key, l.user_id
    FROM earn_step_legs l WHERE l.opens ORDER BY l.seq;

  -- balance_after: each account's balance plus the running sum of its legs in seq order, the order the entries'
  -- ids are drawn in (ledger_apply_entries checks exactly this).
  INSERT INTO entries (journal_id, account_id, amount, currency, balance_after)
    SELECT j.id, l.account_id, l.amount, l.currency,
      a.balance + sum(l.amount) OVER (PARTITION BY l.account_id ORDER BY l.seq ROWS UNBOUNDED PRECEDING)
    FROM earn_step_legs l
    JOIN journals j ON j.idempotency_key = l.key
    JOIN accounts a ON a.id = l.account_id
    ORDER BY l.seq;
  RETURN QUERY SELECT v_n, v_touched;
END
$$;

--> statement-breakpoint
-- The ledger's entries trigger (0008_ledger_hardening.sql) checked each new entry against the accounts its statement
-- moved, read back from a data-modifying CTE: with hash joins off inside it (0020_plans_that_grow.sql) that join is a
-- nested loop over the CTE, entries × accounts, harmless for a batch of postings and hours for the accrual's one
-- statement of a million. The same checks, now against the accounts table by primary key (an index probe per entry)
-- after the UPDATE; the planner settings of 0020 are restated, as CREATE OR REPLACE resets them.
CREATE OR REPLACE FUNCTION ledger_apply_entries() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
DECLARE
  bad record;
  bad_entry record;
  v_bad_entry boolean;
BEGIN
  SELECT n.journal_id, j.id AS found INTO bad
    FROM (SELECT DISTINCT e.journal_id FROM new_entries e) n LEFT JOIN journals j ON j.id = n.journal_id
    WHERE j.created_xid IS DISTINCT FROM txid_current()
    LIMIT 1;
  IF FOUND THEN
    IF bad.found IS NULL THEN
      RAISE EXCEPTION 'ledger: journal % does not exist', bad.journal_id USING ERRCODE = 'foreign_key_violation';
    END IF;
    RAISE EXCEPTION 'ledger: journal % was created by an earlier transaction; only that transaction adds its entries',
      bad.journal_id USING ERRCODE = 'integrity_constraint_violation';
  END IF;

  SELECT n.amount, n.currency, c.scale INTO bad FROM new_entries n LEFT JOIN currencies c ON c.code = n.currency
    WHERE c.code IS NULL OR n.amount <> round(n.amount, c.scale)
    LIMIT 1;
  IF FOUND THEN
    IF bad.scale IS NULL THEN
      RAISE EXCEPTION 'ledger: unknown currency %', bad.currency USING ERRCODE = 'foreign_key_violation';
    END IF;
    RAISE EXCEPTION 'ledger: amount % has more decimals than % allows (%)', trim_scale(bad.amount), bad.currency, bad.scale
      USING ERRCODE = 'invalid_parameter_value';
  END IF;

  UPDATE accounts a SET balance = a.balance + d.delta
    FROM (SELECT n.account_id, sum(n.amount) AS delta FROM new_entries n GROUP BY n.account_id) d
    WHERE a.id = d.account_id;
  -- The accounts as this statement left them (their rows are locked by the UPDATE above), one index probe per entry.
  SELECT x.* INTO bad_entry FROM (
    SELECT n.account_id, n.currency, n.balance_after, m.id AS found, m.owner_id, m.currency AS account_currency,
      m.balance - (sum(n.amount) OVER (PARTITION BY n.account_id ORDER BY n.id DESC) - n.amount) AS expected
    FROM new_entries n LEFT JOIN accounts m ON m.id = n.account_id
  ) x
  WHERE x.found IS NULL OR x.currency <> x.account_currency OR x.balance_after IS DISTINCT FROM x.expected
    OR (x.owner_id IS NOT NULL AND x.expected < 0)
  LIMIT 1;
  v_bad_entry := FOUND;

  -- LATERAL: one index scan per journal, whatever the planner thinks of the statement's size. The grouping sets give
  -- the sum per currency and, in the same pass, the journal's books as a whole (whole = 1).
  SELECT j.journal_id, s.currency, s.total, s.whole INTO bad
    FROM (SELECT DISTINCT n.journal_id FROM new_entries n) j
    CROSS JOIN LATERAL (
      SELECT e.currency, sum(e.amount) AS total, min(a.book) <> max(a.book) AS spans, GROUPING(e.currency) AS whole
      FROM entries e JOIN accounts a ON a.id = e.account_id
      WHERE e.journal_id = j.journal_id
      GROUP BY GROUPING SETS ((e.currency), ())
    ) s
    WHERE (s.whole = 0 AND s.total <> 0) OR (s.whole = 1 AND s.spans)
    ORDER BY s.whole DESC
    LIMIT 1;
  IF FOUND THEN
    IF bad.whole = 1 THEN
      RAISE EXCEPTION 'ledger: journal % spans the demo and the live book; demo money never becomes live money',
        bad.journal_id USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RAISE EXCEPTION 'ledger: journal % does not balance in % (sum %)', bad.journal_id, bad.currency, bad.total
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;

  IF v_bad_entry THEN
    IF bad_entry.found IS NULL THEN
      RAISE EXCEPTION 'ledger: account % does not exist', bad_entry.account_id USING ERRCODE = 'foreign_key_violation';
    ELSIF bad_entry.currency <> bad_entry.account_currency THEN
      RAISE EXCEPTION 'ledger: entry in % on an account in %', bad_entry.currency, bad_entry.account_currency
        USING ERRCODE = 'integrity_constraint_violation';
    ELSIF bad_entry.balance_after IS DISTINCT FROM bad_entry.expected THEN
      RAISE EXCEPTION 'ledger: entry on account % states balance_after %, the account holds %', bad_entry.account_id,
        coalesce(bad_entry.balance_after::text, 'none'), bad_entry.expected USING ERRCODE = 'integrity_constraint_violation';
    ELSE
      RAISE EXCEPTION 'ledger: user account % would go below zero between entries (accounts_owner_balance_check)',
        bad_entry.account_id USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_owner_balance_check';
    END IF;
  END IF;
  RETURN NULL;
END
$$;
