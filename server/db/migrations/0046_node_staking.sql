-- Node staking (server/modules/staking, docs/staking.md): the activities operators define, the users' pledges, and the
-- daily reward as one set-based step (staking_accrue_step), the pattern of earn_accrue_step (0041_earn.sql). Money
-- moves only through journals and entries, which the ledger's triggers check.
CREATE TABLE "staking_activities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (START WITH 201),
	"names" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL DEFAULT '{}',
	"currency" text NOT NULL REFERENCES "currencies" ("code"),
	"agreed_amount" numeric(38, 18) NOT NULL,
	"bonus" numeric(38, 18) NOT NULL,
	"days" integer NOT NULL,
	"daily_rate" numeric(38, 18) NOT NULL,
	"exit_share" numeric(38, 18) NOT NULL,
	"node_statement" text,
	"node_evidence" text,
	"status" text NOT NULL DEFAULT 'active',
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "staking_activities_days_check" CHECK ("days" BETWEEN 1 AND 3650),
	CONSTRAINT "staking_activities_amounts_check" CHECK ("agreed_amount" > 0 AND "bonus" >= 0),
	CONSTRAINT "staking_activities_rate_check" CHECK ("daily_rate" >= 0 AND "daily_rate" <= 1),
	CONSTRAINT "staking_activities_exit_check" CHECK ("exit_share" >= 0 AND "exit_share" <= 1),
	CONSTRAINT "staking_activities_node_check" CHECK (("node_statement" IS NULL) = ("node_evidence" IS NULL)),
	CONSTRAINT "staking_activities_status_check" CHECK ("status" IN ('active', 'paused', 'closed'))
);
--> statement-breakpoint
-- A pledge: the terms are copied from the activity at the first amount added, so a later change never alters a promise.
-- earmark = daily × days + bonus, what the reserve holds for it; paid = rewards and bonus paid so far. Day k (1..days)
-- of a pledge activated on start_day is credited on start_day + k (UTC); days_paid moves in the statement that pays it.
CREATE TABLE "staking_pledges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (START WITH 3000001),
	"user_id" uuid NOT NULL REFERENCES "users" ("id"),
	"activity_id" bigint NOT NULL REFERENCES "staking_activities" ("id"),
	"book" text NOT NULL,
	"currency" text NOT NULL,
	"principal" numeric(38, 18) NOT NULL,
	"agreed_amount" numeric(38, 18) NOT NULL,
	"bonus" numeric(38, 18) NOT NULL,
	"days" integer NOT NULL,
	"daily_rate" numeric(38, 18) NOT NULL,
	"daily" numeric(38, 18) NOT NULL,
	"exit_share" numeric(38, 18) NOT NULL,
	"earmark" numeric(38, 18) NOT NULL,
	"status" text NOT NULL DEFAULT 'collecting',
	"start_day" date,
	"days_paid" integer NOT NULL DEFAULT 0,
	"paid" numeric(38, 18) NOT NULL DEFAULT 0,
	"bonus_paid" boolean NOT NULL DEFAULT false,
	"returned" numeric(38, 18),
	"created_at" bigint NOT NULL,
	"applied_at" bigint,
	"ended_at" bigint,
	CONSTRAINT "staking_pledges_book_check" CHECK ("book" IN ('demo', 'live')),
	CONSTRAINT "staking_pledges_status_check" CHECK ("status" IN ('collecting', 'active', 'completed', 'withdrawn')),
	CONSTRAINT "staking_pledges_days_paid_check" CHECK ("days_paid" BETWEEN 0 AND "days"),
	CONSTRAINT "staking_pledges_paid_check" CHECK ("paid" >= 0 AND "paid" <= "earmark"),
	CONSTRAINT "staking_pledges_active_check" CHECK ("status" = 'collecting' OR "status" = 'withdrawn' OR "start_day" IS NOT NULL)
);
--> statement-breakpoint
-- One open pledge per user, activity and book: adding again adds to it.
CREATE UNIQUE INDEX "staking_pledges_open_unique" ON "staking_pledges" ("user_id", "activity_id", "book") WHERE "status" IN ('collecting', 'active');
--> statement-breakpoint
CREATE INDEX "staking_pledges_user_idx" ON "staking_pledges" ("user_id", "book", "id" DESC);
--> statement-breakpoint
CREATE INDEX "staking_pledges_due_idx" ON "staking_pledges" (("start_day" + "days_paid")) WHERE "status" = 'active';
--> statement-breakpoint

-- One day of rewards for every active pledge whose next day is due on or before p_today: one journal
-- 'staking:day:<pledge>:<day>' (earmarked reserve -> the user's available), and on the last day a second one
-- 'staking:end:<pledge>' (the amount back from the user's staking account, with anything still earmarked for the user
-- -- a bonus not yet received -- paid from the earmarked reserve). Called again until it answers 0, it catches up
-- missed days one day per call; the same advisory lock as the Smart plans' step, so the two never interleave.
CREATE FUNCTION staking_accrue_step(p_today date, p_now bigint) RETURNS TABLE (credited integer, touched jsonb)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_n integer;
  v_touched jsonb;
BEGIN
  PERFORM pg_advisory_xact_lock(7351041);
  CREATE TEMP TABLE IF NOT EXISTS staking_step (
    pledge_id bigint, user_id uuid, book text, currency text, daily numeric(38, 18), principal numeric(38, 18),
    day integer, ended boolean, rest numeric(38, 18)
  ) ON COMMIT DELETE ROWS;
  CREATE TEMP TABLE IF NOT EXISTS staking_step_legs (
    seq bigint, key text, pledge_id bigint, user_id uuid, opens boolean, account_id uuid, amount numeric(38, 18), currency text
  ) ON COMMIT DELETE ROWS;
  DELETE FROM staking_step;
  DELETE FROM staking_step_legs;

  -- rest: what is still earmarked once the last day is paid (a bonus not received), paid with the amount at the end.
  -- Computed from the row as this UPDATE leaves it, so a bonus received in a transaction this one waited for counts.
  WITH due AS (
    UPDATE staking_pledges p SET
      days_paid = p.days_paid + 1,
      paid = p.paid + p.daily,
      status = CASE WHEN p.days_paid + 1 = p.days THEN 'completed' ELSE p.status END,
      returned = CASE WHEN p.days_paid + 1 = p.days THEN p.principal ELSE p.returned END,
      ended_at = CASE WHEN p.days_paid + 1 = p.days THEN p_now ELSE p.ended_at END
    WHERE p.status = 'active' AND p.start_day + p.days_paid < p_today
    RETURNING p.id, p.user_id, p.book, p.currency, p.daily, p.principal, p.days_paid, p.status = 'completed',
      CASE WHEN p.status = 'completed' THEN p.earmark - p.paid ELSE 0 END
  )
  INSERT INTO staking_step SELECT * FROM due;
  GET DIAGNOSTICS v_n = ROW_COUNT;
  IF v_n = 0 THEN
    RETURN QUERY SELECT 0, NULL::jsonb;
    RETURN;
  END IF;
  ANALYZE staking_step;
  -- Ended: everything earmarked is now paid (the rest goes out below), the bonus included.
  UPDATE staking_pledges p SET paid = p.earmark, bonus_paid = true FROM staking_step s WHERE s.ended AND p.id = s.pledge_id;
  IF v_n <= 1000 THEN
    SELECT jsonb_agg(DISTINCT jsonb_build_object('userId', s.user_id, 'book', s.book)) INTO v_touched FROM staking_step s;
  END IF;

  INSERT INTO staking_step_legs (seq, key, pledge_id, user_id, opens, account_id, amount, currency)
  SELECT row_number() OVER (ORDER BY l.pledge_id, l.n), l.key, l.pledge_id, l.user_id, l.n IN (1, 3), l.account_id, l.amount, l.currency FROM (
    SELECT s.pledge_id, s.user_id, 1 AS n, 'staking:day:' || s.pledge_id || ':' || s.day AS key, ua.id AS account_id, s.daily AS amount, s.currency
      FROM staking_step s JOIN accounts ua ON ua.owner_id = s.user_id AND ua.book = s.book AND ua.currency = s.currency AND ua.kind = 'available' AND ua.shard = 0
      WHERE s.daily > 0
    UNION ALL
    SELECT s.pledge_id, s.user_id, 2, 'staking:day:' || s.pledge_id || ':' || s.day, ea.id, -s.daily, s.currency
      FROM staking_step s JOIN accounts ea ON ea.owner_id IS NULL AND ea.book = s.book AND ea.currency = s.currency AND ea.kind = 'earn_earmarked' AND ea.shard = 0
      WHERE s.daily > 0
    UNION ALL
    SELECT s.pledge_id, s.user_id, 3, 'staking:end:' || s.pledge_id, us.id, -s.principal, s.currency
      FROM staking_step s JOIN accounts us ON us.owner_id = s.user_id AND us.book = s.book AND us.currency = s.currency AND us.kind = 'staking' AND us.shard = 0
      WHERE s.ended
    UNION ALL
    SELECT s.pledge_id, s.user_id, 4, 'staking:end:' || s.pledge_id, ua.id, s.principal + s.rest, s.currency
      FROM staking_step s JOIN accounts ua ON ua.owner_id = s.user_id AND ua.book = s.book AND ua.currency = s.currency AND ua.kind = 'available' AND ua.shard = 0
      WHERE s.ended
    UNION ALL
    SELECT s.pledge_id, s.user_id, 5, 'staking:end:' || s.pledge_id, ea.id, -s.rest, s.currency
      FROM staking_step s JOIN accounts ea ON ea.owner_id IS NULL AND ea.book = s.book AND ea.currency = s.currency AND ea.kind = 'earn_earmarked' AND ea.shard = 0
      WHERE s.ended AND s.rest > 0
  ) l;
  ANALYZE staking_step_legs;

  PERFORM 1 FROM accounts a WHERE a.id IN (SELECT DISTINCT account_id FROM staking_step_legs) ORDER BY a.id FOR UPDATE;

  INSERT INTO journals (kind, reason, reference, idempotency_key, user_id)
    SELECT 'yield', CASE WHEN l.key LIKE 'staking:day:%' THEN 'staking.reward' ELSE 'staking.end' END, l.pledge_id::text, l.key, l.user_id
    FROM staking_step_legs l WHERE l.opens ORDER BY l.seq;

  INSERT INTO entries (journal_id, account_id, amount, currency, balance_after)
    SELECT j.id, l.account_id, l.amount, l.currency,
      a.balance + sum(l.amount) OVER (PARTITION BY l.account_id ORDER BY l.seq ROWS UNBOUNDED PRECEDING)
    FROM staking_step_legs l
    JOIN journals j ON j.idempotency_key = l.key
    JOIN accounts a ON a.id = l.account_id
    ORDER BY l.seq;
  RETURN QUERY SELECT v_n, v_touched;
END
$$;
