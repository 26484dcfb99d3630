-- House accounts in shards (docs/trading-account.md, "House accounts in shards"): a system account (owner_id NULL) is
-- now one of several rows per currency, book and kind, told apart by `shard`. A posting's house legs go to the shard
-- of its user (server/ledger/shards.ts), so transactions of users on different shards never wait on one house row's
-- lock. A house balance is the sum of its shards: reconciliation and the totals sum every account already
-- (server/ledger/reconcile.ts). User accounts stay shard 0 (a CHECK), one row per currency, book and kind as before.
-- Existing house rows become shard 0; shards 1-7 (the default HOUSE_SHARDS of 8) are opened here for each of them,
-- any further shard is opened on first use like every account (server/ledger/open-accounts.ts).
ALTER TABLE "accounts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_shard_check" CHECK ("shard" >= 0 AND ("owner_id" IS NULL OR "shard" = 0));
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_owner_currency_book_kind_shard_key" UNIQUE NULLS NOT DISTINCT ("owner_id", "currency", "book", "kind", "shard");
--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_owner_currency_book_kind_key";
--> statement-breakpoint
INSERT INTO "accounts" ("owner_id", "currency", "book", "kind", "shard")
  SELECT NULL, a."currency", a."book", a."kind", s.n FROM "accounts" a CROSS JOIN generate_series(1, 7) AS s(n)
  WHERE a."owner_id" IS NULL AND a."shard" = 0
ON CONFLICT DO NOTHING;
--> statement-breakpoint

-- ledger_post_batch: a house leg names its shard ("shard", 0 when absent: postings of earlier versions); restated
-- whole from 0021_ledger_items_together.sql with the settings 0020_plans_that_grow.sql gave it.
CREATE OR REPLACE FUNCTION ledger_post_batch(p_items jsonb)
RETURNS TABLE (item int, journal_id uuid, journal_created_at timestamptz, status text, touched jsonb)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET jit = off
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
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
  i_after int[];
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
  SELECT array_agg(x.it ->> 'key' ORDER BY x.n), array_agg((x.it ->> 'after')::int ORDER BY x.n) INTO i_key, i_after
    FROM jsonb_array_elements(p_items) WITH ORDINALITY AS x(it, n);
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
      AND a.currency = l.leg ->> 'currency' AND a.book = l.leg ->> 'book' AND a.kind = l.leg ->> 'kind'
      AND a.shard = coalesce((l.leg ->> 'shard')::smallint, 0))
    ELSE (SELECT a.id FROM accounts a WHERE a.owner_id = (l.leg ->> 'owner')::uuid
      AND a.currency = l.leg ->> 'currency' AND a.book = l.leg ->> 'book' AND a.kind = l.leg ->> 'kind' AND a.shard = 0)
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
    -- An item that goes with an earlier one (its "after") posts only if that one posted or was replayed.
    IF i_after[i] IS NOT NULL AND (i_after[i] >= i OR i_status[i_after[i]] NOT IN ('posted', 'replayed')) THEN
      i_status[i] := 'skipped';
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

-- The demo reset locks the user's accounts of a book with the one house shard its journal posts to, not every shard
-- of that kind (which would hold up the other shards' users). Same rights as before: SECURITY DEFINER, for FOR UPDATE.
DROP FUNCTION ledger_lock_book(uuid, text, text);
--> statement-breakpoint
CREATE FUNCTION ledger_lock_book(p_user uuid, p_book text, p_system_kind text, p_shard smallint)
RETURNS TABLE (id uuid, owner_id uuid, currency text, kind text, balance numeric)
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT a.id, a.owner_id, a.currency, a.kind, a.balance FROM accounts a
  WHERE a.book = p_book AND (a.owner_id = p_user OR (a.owner_id IS NULL AND a.kind = p_system_kind AND a.shard = p_shard))
  ORDER BY a.id FOR UPDATE
$$;
--> statement-breakpoint
ANALYZE accounts;
