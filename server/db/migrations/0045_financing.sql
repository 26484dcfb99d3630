-- Financing (server/modules/financing, docs/earn.md "Financing"): fixed-term products operators define, the users'
-- orders, and maturity as one set-based step (financing_mature_step). The interest is paid from the earn reserve
-- (server/modules/earn/reserve.ts): the term's interest is earmarked at purchase. Money moves only through journals
-- and entries, checked by the ledger's own triggers.
CREATE TABLE "financing_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (START WITH 201),
	"names" jsonb NOT NULL,
	"currency" text NOT NULL REFERENCES "currencies" ("code"),
	"days" integer NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"max_amount" numeric(38, 18) NOT NULL,
	"annual_rate" numeric(38, 18) NOT NULL,
	"early_share" numeric(38, 18) NOT NULL,
	"early_forfeit" boolean NOT NULL,
	"status" text NOT NULL DEFAULT 'active',
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "financing_products_days_check" CHECK ("days" BETWEEN 1 AND 3650),
	CONSTRAINT "financing_products_range_check" CHECK ("min_amount" > 0 AND "max_amount" >= "min_amount"),
	CONSTRAINT "financing_products_rate_check" CHECK ("annual_rate" >= 0 AND "annual_rate" <= 1),
	CONSTRAINT "financing_products_early_check" CHECK ("early_share" >= 0 AND "early_share" <= 1),
	CONSTRAINT "financing_products_status_check" CHECK ("status" IN ('active', 'paused', 'closed'))
);
--> statement-breakpoint
-- An order copies the product's terms, so a later change never alters a promise. It matures on start_day + days
-- (00:00 UTC); interest is the whole term's, earmarked at purchase and paid at maturity with the principal.
CREATE TABLE "financing_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (START WITH 2000001),
	"user_id" uuid NOT NULL REFERENCES "users" ("id"),
	"product_id" bigint NOT NULL REFERENCES "financing_products" ("id"),
	"book" text NOT NULL,
	"currency" text NOT NULL,
	"principal" numeric(38, 18) NOT NULL,
	"annual_rate" numeric(38, 18) NOT NULL,
	"days" integer NOT NULL,
	"early_share" numeric(38, 18) NOT NULL,
	"early_forfeit" boolean NOT NULL,
	"interest" numeric(38, 18) NOT NULL,
	"start_day" date NOT NULL,
	"status" text NOT NULL DEFAULT 'running',
	"returned" numeric(38, 18),
	"request_key" text NOT NULL,
	"created_at" bigint NOT NULL,
	"ended_at" bigint,
	CONSTRAINT "financing_orders_request_key_unique" UNIQUE ("request_key"),
	CONSTRAINT "financing_orders_book_check" CHECK ("book" IN ('demo', 'live')),
	CONSTRAINT "financing_orders_status_check" CHECK ("status" IN ('running', 'matured', 'redeemed')),
	CONSTRAINT "financing_orders_amounts_check" CHECK ("principal" > 0 AND "interest" >= 0)
);
--> statement-breakpoint
CREATE INDEX "financing_orders_user_idx" ON "financing_orders" ("user_id", "book", "id" DESC);
--> statement-breakpoint
CREATE INDEX "financing_orders_due_idx" ON "financing_orders" (("start_day" + "days")) WHERE "status" = 'running';
--> statement-breakpoint

-- Every running order whose maturity day (start_day + days) is on or before p_today matures: one journal
-- 'financing:end:<order>' each (the principal from the user's financing account and the interest from the earmarked
-- reserve, both to available). The status moves in the statement that selects the orders, under an advisory lock, and
-- each journal key is unique: a restart, a second process or a second run pays nothing twice; a missed day is paid on
-- the next run. Set-based: one UPDATE, one INSERT of journals, one INSERT of entries. Accounts are locked in id order
-- as ledger_post_batch locks them. It answers how many matured and, for at most 1 000, whose books moved.
CREATE FUNCTION financing_mature_step(p_today date, p_now bigint) RETURNS TABLE (matured integer, touched jsonb)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_n integer;
  v_touched jsonb;
BEGIN
  PERFORM pg_advisory_xact_lock(7351042);
  CREATE TEMP TABLE IF NOT EXISTS financing_step (
    order_id bigint, user_id uuid, book text, currency text, principal numeric(38, 18), interest numeric(38, 18)
  ) ON COMMIT DELETE ROWS;
  CREATE TEMP TABLE IF NOT EXISTS financing_step_legs (
    seq bigint, key text, order_id bigint, user_id uuid, opens boolean, account_id uuid, amount numeric(38, 18), currency text
  ) ON COMMIT DELETE ROWS;
  DELETE FROM financing_step;
  DELETE FROM financing_step_legs;

  WITH due AS (
    UPDATE financing_orders o SET status = 'matured', returned = o.principal + o.interest, ended_at = p_now
    WHERE o.status = 'running' AND o.start_day + o.days <= p_today
    RETURNING o.id, o.user_id, o.book, o.currency, o.principal, o.interest
  )
  INSERT INTO financing_step SELECT * FROM due;
  GET DIAGNOSTICS v_n = ROW_COUNT;
  IF v_n = 0 THEN
    RETURN QUERY SELECT 0, NULL::jsonb;
    RETURN;
  END IF;
  ANALYZE financing_step;
  IF v_n <= 1000 THEN
    SELECT jsonb_agg(DISTINCT jsonb_build_object('userId', s.user_id, 'book', s.book)) INTO v_touched FROM financing_step s;
  END IF;

  INSERT INTO financing_step_legs (seq, key, order_id, user_id, opens, account_id, amount, currency)
  SELECT row_number() OVER (ORDER BY l.order_id, l.n), 'financing:end:' || l.order_id, l.order_id, l.user_id, l.n = 1, l.account_id, l.amount, l.currency FROM (
    SELECT s.order_id, s.user_id, 1 AS n, uf.id AS account_id, -s.principal AS amount, s.currency
      FROM financing_step s JOIN accounts uf ON uf.owner_id = s.user_id AND uf.book = s.book AND uf.currency = s.currency AND uf.kind = 'financing' AND uf.shard = 0
    UNION ALL
    SELECT s.order_id, s.user_id, 2, ua.id, s.principal + s.interest, s.currency
      FROM financing_step s JOIN accounts ua ON ua.owner_id = s.user_id AND ua.book = s.book AND ua.currency = s.currency AND ua.kind = 'available' AND ua.shard = 0
    UNION ALL
    SELECT s.order_id, s.user_id, 3, ea.id, -s.interest, s.currency
      FROM financing_step s JOIN accounts ea ON ea.owner_id IS NULL AND ea.book = s.book AND ea.currency = s.currency AND ea.kind = 'earn_earmarked' AND ea.shard = 0
      WHERE s.interest > 0
  ) l;
  ANALYZE financing_step_legs;

  PERFORM 1 FROM accounts a WHERE a.id IN (SELECT DISTINCT account_id FROM financing_step_legs) ORDER BY a.id FOR UPDATE;

  INSERT INTO journals (kind, reason, reference, idempotency_key, user_id)
    SELECT 'yield', 'financing.maturity', l.order_id::text, l.key, l.user_id
    FROM financing_step_legs l WHERE l.opens ORDER BY l.seq;

  INSERT INTO entries (journal_id, account_id, amount, currency, balance_after)
    SELECT j.id, l.account_id, l.amount, l.currency,
      a.balance + sum(l.amount) OVER (PARTITION BY l.account_id ORDER BY l.seq ROWS UNBOUNDED PRECEDING)
    FROM financing_step_legs l
    JOIN journals j ON j.idempotency_key = l.key
    JOIN accounts a ON a.id = l.account_id
    ORDER BY l.seq;
  RETURN QUERY SELECT v_n, v_touched;
END
$$;
