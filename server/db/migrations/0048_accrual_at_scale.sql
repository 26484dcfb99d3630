-- The daily accrual at a million plans (bench/accrual.ts; docs/earn.md "Accrual at scale"). Three changes, the same
-- money and the same exactly-once rule (a purchase's days_paid advances in the statement that pays the day):
-- 1. A step writes one journal per book, currency and event (the day's earnings; the expiries), not one per
--    purchase: a million journals and their balance checks were most of the step's time. The user's legs stay one
--    entry per purchase; the earmarked reserve's legs are summed into one entry per journal. The record shows a
--    user's earnings of a step as one row (events.ts groups by journal when the reference is null).
-- 2. The due index on (start_day + days_paid) changed with every payment, so no update of a purchase could be a
--    heap-only (HOT) update and each wrote five index entries. The scan now uses start_day, which never changes, and
--    earn_orders and accounts leave half of each page free for new versions: accounts for the same reason
--    (a balance is not indexed). Both apply to pages written from now on.
-- 3. Nothing is due between midnight runs, yet the job runs every five minutes: earn_accrual_mark remembers the day a
--    run found nothing due and the newest purchase it had seen, so a later run that day reads only purchases made
--    since. A purchase made the same day is never due that day (its first day falls on start_day + 1); one begun just
--    before midnight and committed after the mark is paid by the next day's run, which catches up missed days.
ALTER TABLE "earn_orders" SET (fillfactor = 50);
--> statement-breakpoint
ALTER TABLE "accounts" SET (fillfactor = 50);
--> statement-breakpoint
DROP INDEX "earn_orders_due_idx";
--> statement-breakpoint
CREATE INDEX "earn_orders_running_start_idx" ON "earn_orders" ("start_day") WHERE "status" = 'running';
--> statement-breakpoint
CREATE TABLE "earn_accrual_mark" (
	"id" smallint PRIMARY KEY DEFAULT 1,
	"day" date NOT NULL,
	"last_order_id" bigint NOT NULL,
	CONSTRAINT "earn_accrual_mark_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
-- One day of accrual for every running purchase whose next day is due on or before p_today (see 0041 for the rules
-- kept: advisory lock, accounts locked in id order, called again until it answers 0). work_mem: a million purchases'
-- sorts and hashes stay in memory (4 MB, the default, spilled them to disk).
CREATE OR REPLACE FUNCTION earn_accrue_step(p_today date, p_now bigint) RETURNS TABLE (credited integer, touched jsonb)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET work_mem = '64MB' AS $$
DECLARE
  v_n integer;
  v_touched jsonb;
  v_last bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(7351041);
  SELECT m.last_order_id INTO v_last FROM earn_accrual_mark m WHERE m.day = p_today;
  IF FOUND AND NOT EXISTS (
    SELECT 1 FROM earn_orders o WHERE o.id > v_last AND o.status = 'running' AND o.start_day < p_today
  ) THEN
    RETURN QUERY SELECT 0, NULL::jsonb;
    RETURN;
  END IF;
  CREATE TEMP TABLE IF NOT EXISTS earn_step (
    order_id bigint, user_id uuid, book text, currency text, daily numeric(38, 18), principal numeric(38, 18),
    day integer, ended boolean, released numeric(38, 18)
  ) ON COMMIT DELETE ROWS;
  CREATE TEMP TABLE IF NOT EXISTS earn_step_journals (id uuid, book text, currency text, ended boolean) ON COMMIT DELETE ROWS;
  CREATE TEMP TABLE IF NOT EXISTS earn_step_entries (
    seq bigint, journal_id uuid, account_id uuid, amount numeric(38, 18), currency text
  ) ON COMMIT DELETE ROWS;
  DELETE FROM earn_step;
  DELETE FROM earn_step_journals;
  DELETE FROM earn_step_entries;

  WITH due AS (
    UPDATE earn_orders o SET
      days_paid = o.days_paid + 1,
      paid = o.paid + o.daily,
      status = CASE WHEN o.days_paid + 1 = o.days THEN 'success' ELSE o.status END,
      returned = CASE WHEN o.days_paid + 1 = o.days THEN o.principal ELSE o.returned END,
      ended_at = CASE WHEN o.days_paid + 1 = o.days THEN p_now ELSE o.ended_at END
    WHERE o.status = 'running' AND o.start_day < p_today AND o.start_day + o.days_paid < p_today
    RETURNING o.id, o.user_id, o.book, o.currency, o.daily, o.principal, o.days_paid, o.status = 'success', o.earmark - o.paid
  )
  INSERT INTO earn_step SELECT * FROM due;
  GET DIAGNOSTICS v_n = ROW_COUNT;
  IF v_n = 0 THEN
    INSERT INTO earn_accrual_mark AS m (id, day, last_order_id)
      SELECT 1, p_today, coalesce(max(o.id), 0) FROM earn_orders o
      ON CONFLICT (id) DO UPDATE SET day = excluded.day, last_order_id = excluded.last_order_id;
    RETURN QUERY SELECT 0, NULL::jsonb;
    RETURN;
  END IF;
  ANALYZE earn_step;
  IF v_n <= 1000 THEN
    SELECT jsonb_agg(DISTINCT jsonb_build_object('userId', s.user_id, 'book', s.book)) INTO v_touched FROM earn_step s;
  END IF;

  -- The step's journals: one per book, currency and event. Each key names the step's first purchase, with its day for
  -- earnings ((purchase, day) is paid once) or alone for expiries (a purchase ends once), so keys never repeat.
  WITH groups AS (
    SELECT s.book, s.currency, false AS ended, min(s.order_id) AS first FROM earn_step s WHERE s.daily > 0 GROUP BY s.book, s.currency
    UNION ALL
    SELECT s.book, s.currency, true, min(s.order_id) FROM earn_step s WHERE s.ended GROUP BY s.book, s.currency
  ), made AS (
    INSERT INTO journals (kind, reason, idempotency_key)
    SELECT 'yield', CASE WHEN g.ended THEN 'earn.expiry' ELSE 'earn.earnings' END,
      'earn:' || CASE WHEN g.ended THEN 'end:' || g.first ELSE 'day:' || g.first || ':' || (SELECT s.day FROM earn_step s WHERE s.order_id = g.first) END
    FROM groups g ORDER BY g.ended, g.book, g.currency
    RETURNING id, idempotency_key
  )
  INSERT INTO earn_step_journals
    SELECT m.id, g.book, g.currency, g.ended FROM made m JOIN groups g
      ON m.idempotency_key = 'earn:' || CASE WHEN g.ended THEN 'end:' || g.first ELSE 'day:' || g.first || ':' || (SELECT s.day FROM earn_step s WHERE s.order_id = g.first) END;

  -- The entries in the order they are written (seq): the earnings, each purchase's then the earmark's sum; then the
  -- expiries, each purchase's principal back, then the unused earmark's sum back to the free reserve.
  INSERT INTO earn_step_entries (seq, journal_id, account_id, amount, currency)
  SELECT row_number() OVER (ORDER BY l.ended, l.n, l.order_id), l.journal_id, l.account_id, l.amount, l.currency FROM (
    SELECT false AS ended, 1 AS n, s.order_id, j.id AS journal_id, ua.id AS account_id, s.daily AS amount, s.currency
      FROM earn_step s JOIN earn_step_journals j ON NOT j.ended AND j.book = s.book AND j.currency = s.currency
      JOIN accounts ua ON ua.owner_id = s.user_id AND ua.book = s.book AND ua.currency = s.currency AND ua.kind = 'available' AND ua.shard = 0
      WHERE s.daily > 0
    UNION ALL
    SELECT false, 2, NULL, j.id, ea.id, -sum(s.daily), s.currency
      FROM earn_step s JOIN earn_step_journals j ON NOT j.ended AND j.book = s.book AND j.currency = s.currency
      JOIN accounts ea ON ea.owner_id IS NULL AND ea.book = s.book AND ea.currency = s.currency AND ea.kind = 'earn_earmarked' AND ea.shard = 0
      WHERE s.daily > 0 GROUP BY j.id, ea.id, s.currency
    UNION ALL
    SELECT true, 1, s.order_id, j.id, ue.id, -s.principal, s.currency
      FROM earn_step s JOIN earn_step_journals j ON j.ended AND j.book = s.book AND j.currency = s.currency
      JOIN accounts ue ON ue.owner_id = s.user_id AND ue.book = s.book AND ue.currency = s.currency AND ue.kind = 'earn' AND ue.shard = 0
      WHERE s.ended
    UNION ALL
    SELECT true, 2, s.order_id, j.id, ua.id, s.principal, s.currency
      FROM earn_step s JOIN earn_step_journals j ON j.ended AND j.book = s.book AND j.currency = s.currency
      JOIN accounts ua ON ua.owner_id = s.user_id AND ua.book = s.book AND ua.currency = s.currency AND ua.kind = 'available' AND ua.shard = 0
      WHERE s.ended
    UNION ALL
    SELECT true, 3, NULL, j.id, ea.id, -sum(s.released), s.currency
      FROM earn_step s JOIN earn_step_journals j ON j.ended AND j.book = s.book AND j.currency = s.currency
      JOIN accounts ea ON ea.owner_id IS NULL AND ea.book = s.book AND ea.currency = s.currency AND ea.kind = 'earn_earmarked' AND ea.shard = 0
      WHERE s.ended AND s.released > 0 GROUP BY j.id, ea.id, s.currency
    UNION ALL
    SELECT true, 4, NULL, j.id, ra.id, sum(s.released), s.currency
      FROM earn_step s JOIN earn_step_journals j ON j.ended AND j.book = s.book AND j.currency = s.currency
      JOIN accounts ra ON ra.owner_id IS NULL AND ra.book = s.book AND ra.currency = s.currency AND ra.kind = 'earn_reserve' AND ra.shard = 0
      WHERE s.ended AND s.released > 0 GROUP BY j.id, ra.id, s.currency
  ) l;
  ANALYZE earn_step_entries;
  -- The planner knows nothing of a temporary table until it is analysed; a guess of a few rows makes nested loops.
  PERFORM 1 FROM accounts a WHERE a.id IN (SELECT DISTINCT account_id FROM earn_step_entries) ORDER BY a.id FOR UPDATE;

  -- balance_after: each account's balance plus the running sum of its legs in seq order, the order the entries' ids
  -- are drawn in (ledger_apply_entries checks exactly this).
  INSERT INTO entries (journal_id, account_id, amount, currency, balance_after)
    SELECT l.journal_id, l.account_id, l.amount, l.currency,
      a.balance + sum(l.amount) OVER (PARTITION BY l.account_id ORDER BY l.seq ROWS UNBOUNDED PRECEDING)
    FROM earn_step_entries l JOIN accounts a ON a.id = l.account_id
    ORDER BY l.seq;
  RETURN QUERY SELECT v_n, v_touched;
END
$$;
