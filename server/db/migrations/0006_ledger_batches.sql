-- Postings in batches, under the same rules. bench:ledger measured 1 000-1 800 postings/s on 2 cores with
-- PostgreSQL using about 1 ms of CPU per posting: one transaction, commit and round trip each, about fifteen
-- statements inside ledger_post, and six PL/pgSQL trigger calls on its two entries (a balance UPDATE per entry that
-- called the account guard, and a deferred balance check per entry at commit).
-- Now ledger_post_batch posts many journals in one transaction, with set-based statements: one lookup of the
-- accounts, one lock in id order, one check of the idempotency keys, one INSERT of journals, one INSERT of entries.
-- One statement-level trigger per INSERT into entries moves the balances and checks the journals.
-- server/ledger/post.ts gathers concurrent postings into batches; a single posting is a batch of one.
-- The rules stay the database's:
-- - balances move only with entries (any other UPDATE of a balance is refused);
-- - each journal sums to zero per currency. The check now runs at the end of the statement that inserts entries,
--   not at commit, so all of a journal's entries go in one statement;
-- - a user account never goes below zero (the CHECK from 0003_ledger.sql);
-- - entries and journals are append-only (0004_ledger_rules.sql);
-- - new: an entry states its account's balance after it (balance_after), and a wrong one is refused.

DROP TRIGGER IF EXISTS entries_apply ON entries;
--> statement-breakpoint
DROP TRIGGER IF EXISTS entries_balanced ON entries;
--> statement-breakpoint
DROP FUNCTION IF EXISTS ledger_apply_entry();
--> statement-breakpoint
DROP FUNCTION IF EXISTS ledger_check_journal_balanced();
--> statement-breakpoint
DROP FUNCTION IF EXISTS ledger_post(text, text, text, text, uuid, jsonb);
--> statement-breakpoint

-- Once per INSERT statement into entries, with the statement's rows as new_entries:
-- 1. each account the rows name moves by the sum of its rows (the CHECK on accounts refuses an overdraft);
-- 2. each journal the rows belong to sums to zero per currency over all of its entries;
-- 3. each row's currency is its account's, and its balance_after is what the account holds after that row
--    (an account's rows apply in id order); a user account's balance_after is never below zero.
CREATE OR REPLACE FUNCTION ledger_apply_entries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
  bad_entry record;
  v_bad_entry boolean;
BEGIN
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

  -- LATERAL: one index lookup per journal, whatever the planner thinks of the statement's size.
  SELECT j.journal_id, s.currency, s.total INTO bad
    FROM (SELECT DISTINCT n.journal_id FROM new_entries n) j
    CROSS JOIN LATERAL (SELECT e.currency, sum(e.amount) AS total FROM entries e WHERE e.journal_id = j.journal_id
      GROUP BY e.currency HAVING sum(e.amount) <> 0) s
    LIMIT 1;
  IF FOUND THEN
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
CREATE TRIGGER entries_apply AFTER INSERT ON entries REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_apply_entries();
--> statement-breakpoint

-- The guard (ledger_guard_account from 0004_ledger_rules.sql) is called only for a change it refuses: an account's
-- identity, or a balance moved outside a trigger. ledger_apply_entries moves balances at trigger depth 1.
DROP TRIGGER IF EXISTS accounts_guard ON accounts;
--> statement-breakpoint
CREATE TRIGGER accounts_guard BEFORE UPDATE ON accounts FOR EACH ROW
  WHEN (NEW.id <> OLD.id OR NEW.owner_id IS DISTINCT FROM OLD.owner_id OR NEW.currency <> OLD.currency
    OR NEW.book <> OLD.book OR NEW.kind <> OLD.kind OR (NEW.balance <> OLD.balance AND pg_trigger_depth() < 1))
  EXECUTE FUNCTION ledger_guard_account();
--> statement-breakpoint
CREATE TRIGGER accounts_no_delete BEFORE DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION ledger_guard_account();
--> statement-breakpoint

-- ledger_post_batch: many postings in one statement (and, called on its own, one transaction).
-- p_items: [{ "kind", "reason", "reference", "key", "user", "legs": [{ "account": uuid | null, "owner": uuid | null,
--   "currency", "book", "kind", "amount": decimal text }] }], legs already checked to balance (postJournal).
-- One row per item, in order: status 'posted', 'replayed' (the key was seen: the first journal is answered and
-- nothing is posted) or 'insufficient' (a user account would go below zero: nothing is posted, the key stays free).
-- Items apply in order, each against the balances the ones before it left. `touched` lists the users and books a
-- posted item changed.
-- Steps: the accounts named by what they are are looked up (and created on first use); every account is locked in
-- id order, so batches and single postings never deadlock; keys already used are read; each item is decided in
-- memory; then one INSERT of the journals and one of the entries, whose trigger moves the balances.
-- A batch fails as a whole only on an error no item should meet (an unknown account, a currency mismatch), or with
-- serialization_failure when another transaction used one of its keys meanwhile; the caller retries.
CREATE OR REPLACE FUNCTION ledger_post_batch(p_items jsonb)
RETURNS TABLE (item int, journal_id uuid, journal_created_at timestamptz, status text, touched jsonb)
-- jit off: the planner cannot know how many items and legs p_items holds and guesses 100 x 100; on a guess that
-- large, PostgreSQL would JIT-compile the lookup on every call (about 10 ms each, for statements that take 0.1 ms).
-- enable_seqscan off: every statement here, and every foreign-key check its INSERTs fire, is meant to be an index
-- probe. Plans are cached per connection; one made while a table was small (a new database, or no ANALYZE yet)
-- would scan it, and keep scanning as it grows: bench:ledger on a new database fell from 2 300 to 900 postings/s
-- within 30 s that way, with autovacuum off.
LANGUAGE plpgsql SET jit = off SET enable_seqscan = off AS $$
DECLARE
  v_n int := jsonb_array_length(p_items);
  -- Legs, flattened in item order.
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
  v_short boolean;
  v_user jsonb;
  k int := 1;
  k0 int;
BEGIN
  IF v_n = 0 THEN
    RETURN;
  END IF;
  SELECT array_agg(x.it ->> 'key' ORDER BY x.n) INTO i_key FROM jsonb_array_elements(p_items) WITH ORDINALITY AS x(it, n);

  -- Keys used before: those items answer the first journal, and their legs are not even looked at.
  SELECT array_agg(j.idempotency_key), array_agg(j.id), array_agg(j.created_at) INTO r_key, r_id, r_at
    FROM journals j WHERE j.idempotency_key = ANY (i_key);
  r_key := coalesce(r_key, '{}');

  -- Each leg's account: by id, or by what it is (one index lookup each); missing ones are created, then looked up
  -- again. Accounts created here stay even if their posting is then refused: an empty account changes no balance.
  FOR attempt IN 1 .. 2 LOOP
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
    EXIT WHEN l_account IS NULL OR array_position(l_account, NULL) IS NULL OR attempt = 2;
    INSERT INTO accounts (owner_id, currency, book, kind)
      SELECT DISTINCT (l.leg ->> 'owner')::uuid, l.leg ->> 'currency', l.leg ->> 'book', l.leg ->> 'kind'
      FROM jsonb_array_elements(p_items) AS x(it)
      CROSS JOIN LATERAL jsonb_array_elements(x.it -> 'legs') AS l(leg)
      WHERE l.leg ->> 'account' IS NULL AND NOT (x.it ->> 'key' = ANY (r_key))
      ON CONFLICT DO NOTHING;
  END LOOP;
  l_count := coalesce(array_length(l_item, 1), 0);

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

  -- Decide each item against the balances the items before it left.
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
    FOR q IN k0 .. k - 1 LOOP
      a_balance[l_pos[q]] := a_balance[l_pos[q]] + l_amount[q];
      l_after[q] := a_balance[l_pos[q]];
    END LOOP;
    v_short := false;
    -- A user account may not dip below zero even between the legs of one posting.
    FOR q IN k0 .. k - 1 LOOP
      IF a_owner[l_pos[q]] IS NOT NULL AND l_after[q] < 0 THEN
        v_short := true;
      END IF;
    END LOOP;
    IF v_short THEN
      FOR q IN k0 .. k - 1 LOOP
        a_balance[l_pos[q]] := a_balance[l_pos[q]] - l_amount[q];
        l_after[q] := NULL;
      END LOOP;
      i_status[i] := 'insufficient';
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

  IF v_posted > 0 THEN
    WITH inserted AS (
      INSERT INTO journals AS j (kind, reason, reference, idempotency_key, user_id)
        SELECT x.it ->> 'kind', x.it ->> 'reason', x.it ->> 'reference', x.it ->> 'key', (x.it ->> 'user')::uuid
        FROM jsonb_array_elements(p_items) WITH ORDINALITY AS x(it, n)
        WHERE i_status[x.n] = 'posted'
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
