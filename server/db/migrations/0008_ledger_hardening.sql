-- Ledger hardening. The database now also refuses: an account opened with a balance, a journal whose legs
-- span the demo and the live book, entries added to a journal an earlier transaction created, a currency it does not
-- know and an amount finer than its currency's scale. The functions that move balances are SECURITY DEFINER, so the
-- server can run as a role with SELECT and INSERT only on accounts, journals and entries
-- (docs/operations.md, "A role that cannot rewrite the ledger"). ledger_post_batch no longer creates accounts (postJournal opens them first, in a
-- statement of their own) and is written as four steps: look up, lock, decide, insert.
-- Longer than 300 lines because it restates the two functions it replaces in full.

-- Currencies the ledger knows; scale = the most decimals an amount in it may carry.
CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"scale" smallint NOT NULL,
	CONSTRAINT "currencies_code_check" CHECK ("code" ~ '^[A-Z][A-Z0-9]{1,11}$'),
	CONSTRAINT "currencies_scale_check" CHECK ("scale" BETWEEN 0 AND 18)
);
--> statement-breakpoint
-- USDT and USDC carry 6 decimals on chain, BTC 8 (satoshi), ETH 18 (wei).
INSERT INTO "currencies" ("code", "scale") VALUES ('USDT', 6), ('USDC', 6), ('BTC', 8), ('ETH', 18);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_currency_fkey" FOREIGN KEY ("currency") REFERENCES "currencies" ("code");
--> statement-breakpoint

-- An account opens at zero: money appears only with an entry.
CREATE OR REPLACE FUNCTION ledger_refuse_opening_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger: an account opens with balance 0, not %; money arrives only through entries', NEW.balance
    USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_open_at_zero';
END
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_open_at_zero BEFORE INSERT ON accounts FOR EACH ROW WHEN (NEW.balance <> 0)
  EXECUTE FUNCTION ledger_refuse_opening_balance();
--> statement-breakpoint

-- A journal records the (top-level) transaction that created it; only that transaction may add its entries.
-- Journals from before this migration keep NULL, so nothing can be added to them either.
ALTER TABLE "journals" ADD COLUMN "created_xid" bigint;
--> statement-breakpoint
ALTER TABLE "journals" ALTER COLUMN "created_xid" SET DEFAULT txid_current();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_refuse_journal_xid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger: a journal''s created_xid is the transaction that inserts it' USING ERRCODE = 'check_violation';
END
$$;
--> statement-breakpoint
-- Without this, a journal could be inserted naming a future transaction, which would then add entries to it.
CREATE TRIGGER journals_created_xid BEFORE INSERT ON journals FOR EACH ROW
  WHEN (NEW.created_xid IS DISTINCT FROM txid_current()) EXECUTE FUNCTION ledger_refuse_journal_xid();
--> statement-breakpoint

-- Once per INSERT statement into entries (new_entries holds its rows), in this order:
-- 1. every journal named was created by this transaction;
-- 2. every amount is within its currency's scale;
-- 3. each account moves by the sum of its rows (the CHECK on accounts refuses an overdraft), each row's currency is
--    its account's, its balance_after is what the account holds after it (rows apply in id order), and a user
--    account's balance_after is never below zero;
-- 4. each journal sums to zero per currency over all its entries, and all of them are in one book.
-- SECURITY DEFINER: it moves balances for a server role that may not UPDATE accounts itself.
CREATE OR REPLACE FUNCTION ledger_apply_entries() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
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

  WITH moved AS (
    UPDATE accounts a SET balance = a.balance + d.delta
    FROM (SELECT n.account_id, sum(n.amount) AS delta FROM new_entries n GROUP BY n.account_id) d
    WHERE a.id = d.account_id
    RETURNING a.id, a.owner_id, a.balance, a.currency
  )
  SELECT x.* INTO bad_entry FROM (
    SELECT n.account_id, n.currency, n.balance_after, m.id AS found, m.owner_id, m.currency AS account_currency,
      m.balance - (sum(n.amount) OVER (PARTITION BY n.account_id ORDER BY n.id DESC) - n.amount) AS expected
    FROM new_entries n LEFT JOIN moved m ON m.id = n.account_id
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
--> statement-breakpoint

-- Entries need no foreign keys: ledger_apply_entries refuses an entry whose journal or account does not exist, in
-- the same statement, and journals and accounts are never deleted or truncated. The foreign keys cost two checks
-- per entry, each a query planned again on every posting (plan_cache_mode below): a third of the posting's time.
ALTER TABLE "entries" DROP CONSTRAINT "entries_journal_id_journals_id_fk";
--> statement-breakpoint
ALTER TABLE "entries" DROP CONSTRAINT "entries_account_id_accounts_id_fk";
--> statement-breakpoint
CREATE TRIGGER accounts_no_truncate BEFORE TRUNCATE ON accounts FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- Likewise a journal's user is checked once per INSERT statement, not by a foreign key's query per journal. Users
-- are not deleted while they hold accounts (accounts_owner_id_users_id_fk), and a journal names a user it posts for.
ALTER TABLE "journals" DROP CONSTRAINT "journals_user_id_users_id_fk";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_check_journal_users() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_user uuid;
BEGIN
  SELECT n.user_id INTO v_user FROM new_journals n LEFT JOIN users u ON u.id = n.user_id
    WHERE n.user_id IS NOT NULL AND u.id IS NULL LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger: a journal names user %, who does not exist', v_user USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER journals_user_exists AFTER INSERT ON journals REFERENCING NEW TABLE AS new_journals
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_journal_users();
--> statement-breakpoint

-- ledger_post_batch: many postings in one statement (and, called on its own, one transaction).
-- p_items: [{ "kind", "reason", "reference", "key", "user", "legs": [{ "account": uuid | null, "owner": uuid | null,
--   "currency", "book", "kind", "amount": decimal text }] }], legs already checked to balance (postJournal).
-- One row per item, in order: status 'posted', 'replayed' (the key was seen: the first journal is answered and
-- nothing is posted), 'insufficient' (a user account would go below zero) or 'overflow' (a balance would leave
-- numeric(38,18)); the last two post nothing and leave the key free. Items apply in order, each against the balances
-- the ones before it left. `touched` lists the users and books a posted item changed.
-- It creates no account: postJournal opens missing accounts first, in a short statement of its own, so that here
-- the only locks taken before the journals are the accounts', in id order. Journals are inserted in key order. So
-- two batches wait for each other but never deadlock.
-- A batch fails as a whole only on an error no item should meet (an unknown account, a currency mismatch), or with
-- serialization_failure when another transaction used one of its keys meanwhile; the caller retries.
-- plan_cache_mode: every statement, and every one the entries trigger runs, is planned for the sizes the tables have
-- now (a plan cached while a table was small would keep scanning it as it grows). jit off: the planner cannot know how many items p_items holds, and on
-- its default guess would JIT-compile statements that take 0.1 ms.
CREATE OR REPLACE FUNCTION ledger_post_batch(p_items jsonb)
RETURNS TABLE (item int, journal_id uuid, journal_created_at timestamptz, status text, touched jsonb)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET jit = off SET plan_cache_mode = force_custom_plan
AS $$
DECLARE
  v_n int := jsonb_array_length(p_items);
  -- Legs of the items to post, flattened in item order.
  l_item int[];
  l_account uuid[];
  l_amount numeric[];
  l_currency text[];
  l_pos int[];
  l_after numeric[];
  l_count int;
  -- The locked accounts, in id order.
  a_id uuid[];
  a_owner uuid[];
  a_book text[];
  a_balance numeric[];
  -- Items.
  i_key text[];
  i_status text[];
  i_journal uuid[];
  i_at timestamptz[];
  i_first int[];
  i_touched jsonb[];
  -- Keys seen before this batch.
  r_key text[];
  r_id uuid[];
  r_at timestamptz[];
  -- Journals inserted now.
  j_key text[];
  j_id uuid[];
  j_at timestamptz[];
  v_posted int := 0;
  v_first int;
  v_pos int;
  v_refusal text;
  v_user jsonb;
  k int := 1;
  k0 int;
BEGIN
  IF v_n = 0 THEN
    RETURN;
  END IF;

  ---- 1. Look up: keys used before (those items answer the first journal; their legs are not even read), then each
  ---- leg's account, by id or by what it is (one index probe each).
  SELECT array_agg(x.it ->> 'key' ORDER BY x.n) INTO i_key FROM jsonb_array_elements(p_items) WITH ORDINALITY AS x(it, n);
  SELECT array_agg(j.idempotency_key), array_agg(j.id), array_agg(j.created_at) INTO r_key, r_id, r_at
    FROM journals j WHERE j.idempotency_key = ANY (i_key);
  r_key := coalesce(r_key, '{}');

  SELECT array_agg(x.n::int ORDER BY x.n, l.m), array_agg(acc.id ORDER BY x.n, l.m),
      array_agg((l.leg ->> 'amount')::numeric ORDER BY x.n, l.m), array_agg(l.leg ->> 'currency' ORDER BY x.n, l.m)
    INTO l_item, l_account, l_amount, l_currency
  FROM jsonb_array_elements(p_items) WITH ORDINALITY AS x(it, n)
  CROSS JOIN LATERAL jsonb_array_elements(x.it -> 'legs') WITH ORDINALITY AS l(leg, m)
  CROSS JOIN LATERAL (SELECT CASE
    WHEN l.leg ->> 'account' IS NOT NULL THEN (l.leg ->> 'account')::uuid
    WHEN l.leg ->> 'owner' IS NULL THEN (SELECT a.id FROM accounts a WHERE a.owner_id IS NULL
      AND a.currency = l.leg ->> 'currency' AND a.book = l.leg ->> 'book' AND a.kind = l.leg ->> 'kind')
    ELSE (SELECT a.id FROM accounts a WHERE a.owner_id = (l.leg ->> 'owner')::uuid
      AND a.currency = l.leg ->> 'currency' AND a.book = l.leg ->> 'book' AND a.kind = l.leg ->> 'kind')
  END AS id) acc
  WHERE NOT (x.it ->> 'key' = ANY (r_key));
  l_count := coalesce(array_length(l_item, 1), 0);

  ---- 2. Lock every account in id order, and read the balances the decisions start from.
  IF l_count > 0 THEN
    SELECT array_agg(s.id ORDER BY s.id), array_agg(s.owner_id ORDER BY s.id), array_agg(s.book ORDER BY s.id),
        array_agg(s.balance ORDER BY s.id)
      INTO a_id, a_owner, a_book, a_balance
    FROM (SELECT a.id, a.owner_id, a.book, a.balance FROM accounts a WHERE a.id = ANY (l_account) ORDER BY a.id FOR UPDATE) s;
    SELECT array_agg(array_position(a_id, u.acc) ORDER BY u.k) INTO l_pos FROM unnest(l_account) WITH ORDINALITY AS u(acc, k);
    IF a_id IS NULL OR array_position(l_pos, NULL) IS NOT NULL THEN
      RAISE EXCEPTION 'ledger: a leg names an account that does not exist' USING ERRCODE = 'foreign_key_violation';
    END IF;
  END IF;

  ---- 3. Decide each item, in memory, against the balances the items before it left.
  i_status := array_fill(NULL::text, ARRAY[v_n]);
  i_journal := array_fill(NULL::uuid, ARRAY[v_n]);
  i_at := array_fill(NULL::timestamptz, ARRAY[v_n]);
  i_first := array_fill(NULL::int, ARRAY[v_n]);
  i_touched := array_fill('[]'::jsonb, ARRAY[v_n]);
  l_after := array_fill(NULL::numeric, ARRAY[greatest(l_count, 1)]);
  FOR i IN 1 .. v_n LOOP
    k0 := k;
    WHILE k <= l_count AND l_item[k] = i LOOP
      k := k + 1;
    END LOOP;
    v_pos := array_position(r_key, i_key[i]);
    IF v_pos IS NOT NULL THEN
      i_status[i] := 'replayed';
      i_journal[i] := r_id[v_pos];
      i_at[i] := r_at[v_pos];
      CONTINUE;
    END IF;
    -- An earlier item of this batch with the same key that was posted makes this one its replay.
    v_first := array_position(i_key, i_key[i]);
    WHILE v_first < i AND i_status[v_first] IS DISTINCT FROM 'posted' LOOP
      v_first := array_position(i_key, i_key[i], v_first + 1);
    END LOOP;
    IF v_first < i THEN
      i_status[i] := 'replayed';
      i_first[i] := v_first;
      CONTINUE;
    END IF;
    v_refusal := NULL;
    FOR q IN k0 .. k - 1 LOOP
      a_balance[l_pos[q]] := a_balance[l_pos[q]] + l_amount[q];
      l_after[q] := a_balance[l_pos[q]];
      -- A user account may not dip below zero even between the legs of one posting.
      IF a_owner[l_pos[q]] IS NOT NULL AND l_after[q] < 0 THEN
        v_refusal := coalesce(v_refusal, 'insufficient');
      END IF;
      IF abs(l_after[q]) >= 1e20 THEN
        v_refusal := 'overflow';
      END IF;
    END LOOP;
    IF v_refusal IS NOT NULL THEN
      FOR q IN k0 .. k - 1 LOOP
        a_balance[l_pos[q]] := a_balance[l_pos[q]] - l_amount[q];
        l_after[q] := NULL;
      END LOOP;
      i_status[i] := v_refusal;
      CONTINUE;
    END IF;
    i_status[i] := 'posted';
    v_posted := v_posted + 1;
    FOR q IN k0 .. k - 1 LOOP
      IF a_owner[l_pos[q]] IS NOT NULL THEN
        v_user := jsonb_build_object('userId', a_owner[l_pos[q]], 'book', a_book[l_pos[q]]);
        IF NOT i_touched[i] @> jsonb_build_array(v_user) THEN
          i_touched[i] := i_touched[i] || v_user;
        END IF;
      END IF;
    END LOOP;
  END LOOP;

  ---- 4. Insert the journals of the posted items (in key order), then all their entries in one statement, whose
  ---- trigger (ledger_apply_entries) moves the balances and checks every rule again.
  IF v_posted > 0 THEN
    WITH inserted AS (
      INSERT INTO journals AS j (kind, reason, reference, idempotency_key, user_id)
        SELECT x.it ->> 'kind', x.it ->> 'reason', x.it ->> 'reference', x.it ->> 'key', (x.it ->> 'user')::uuid
        FROM jsonb_array_elements(p_items) WITH ORDINALITY AS x(it, n)
        WHERE i_status[x.n] = 'posted'
        ORDER BY x.it ->> 'key'
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING j.idempotency_key, j.id, j.created_at
    )
    SELECT array_agg(s.idempotency_key), array_agg(s.id), array_agg(s.created_at) INTO j_key, j_id, j_at FROM inserted s;
    IF coalesce(array_length(j_key, 1), 0) <> v_posted THEN
      RAISE EXCEPTION 'ledger: an idempotency key of this batch was used meanwhile' USING ERRCODE = 'serialization_failure';
    END IF;
    FOR i IN 1 .. v_n LOOP
      IF i_status[i] = 'posted' THEN
        v_pos := array_position(j_key, i_key[i]);
        i_journal[i] := j_id[v_pos];
        i_at[i] := j_at[v_pos];
      END IF;
    END LOOP;

    INSERT INTO entries (journal_id, account_id, amount, currency, balance_after)
      SELECT i_journal[u.it], u.acc, u.amount, u.cur, u.after
      FROM unnest(l_item, l_account, l_amount, l_currency, l_after) WITH ORDINALITY AS u(it, acc, amount, cur, after, k)
      WHERE i_status[u.it] = 'posted'
      ORDER BY u.k;
  END IF;

  FOR i IN 1 .. v_n LOOP
    IF i_first[i] IS NOT NULL THEN
      i_journal[i] := i_journal[i_first[i]];
      i_at[i] := i_at[i_first[i]];
    END IF;
  END LOOP;
  RETURN QUERY SELECT g.n, i_journal[g.n], i_at[g.n], i_status[g.n], i_touched[g.n] FROM generate_series(1, v_n) AS g(n);
END
$$;
--> statement-breakpoint

-- The demo reset reads the user's accounts of a book, locked, together with one system account of that book, in id
-- order like ledger_post_batch. SECURITY DEFINER: FOR UPDATE needs UPDATE rights the server role may not have.
CREATE OR REPLACE FUNCTION ledger_lock_book(p_user uuid, p_book text, p_system_kind text)
RETURNS TABLE (id uuid, owner_id uuid, currency text, kind text, balance numeric)
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT a.id, a.owner_id, a.currency, a.kind, a.balance FROM accounts a
  WHERE a.book = p_book AND (a.owner_id = p_user OR (a.owner_id IS NULL AND a.kind = p_system_kind))
  ORDER BY a.id FOR UPDATE
$$;
--> statement-breakpoint

-- The ledger's lookups of a journal's entries are index probes only if the planner knows a journal has a couple of
-- entries; without statistics it assumes 1 in 200 rows per journal and, as entries grow, scans them all. The
-- proportion is stated here (ANALYZE stores it, whatever sample it draws), and the tables analysed now; autovacuum
-- (on by default; keep it on) keeps the rest current, and force_custom_plan lets each call use the newest.
ALTER TABLE entries ALTER COLUMN journal_id SET (n_distinct = -0.5);
--> statement-breakpoint
ANALYZE accounts;
--> statement-breakpoint
ANALYZE journals;
--> statement-breakpoint
ANALYZE entries;
