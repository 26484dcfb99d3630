-- ledger_post: one posting in one statement, called by postJournal (server/ledger/post.ts). A single round trip (and,
-- outside a caller's transaction, no BEGIN/COMMIT) is what lets one PostgreSQL reach thousands of postings a second.
-- Steps: the journal with its idempotency key (a repeat answers the first journal and posts nothing); accounts
-- named by spec are created on first use; every account is locked FOR UPDATE in id order (no deadlocks); an
-- overdraft of a user account raises check_violation on accounts_owner_balance_check before anything is written;
-- then the entries, whose trigger moves the balances (0004_ledger_rules.sql).
-- p_legs: [{ "account": uuid | null, "owner": uuid | null, "currency", "book", "kind", "amount": decimal text }]
CREATE OR REPLACE FUNCTION ledger_post(p_kind text, p_reason text, p_reference text, p_key text, p_user uuid, p_legs jsonb)
RETURNS TABLE (journal_id uuid, journal_created_at timestamptz, replayed boolean, touched jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
  v_at timestamptz;
  v_ids uuid[];
  v_amounts numeric[];
  v_currencies text[];
  v_short uuid;
  v_touched jsonb;
BEGIN
  INSERT INTO journals AS j (kind, reason, reference, idempotency_key, user_id)
    VALUES (p_kind, p_reason, p_reference, p_key, p_user)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING j.id, j.created_at INTO v_id, v_at;
  IF v_id IS NULL THEN
    SELECT j.id, j.created_at INTO v_id, v_at FROM journals j WHERE j.idempotency_key = p_key;
    RETURN QUERY SELECT v_id, v_at, true, '[]'::jsonb;
    RETURN;
  END IF;
  IF jsonb_array_length(p_legs) = 0 THEN
    RETURN QUERY SELECT v_id, v_at, false, '[]'::jsonb;
    RETURN;
  END IF;

  INSERT INTO accounts (owner_id, currency, book, kind)
    SELECT (l->>'owner')::uuid, l->>'currency', l->>'book', l->>'kind'
    FROM jsonb_array_elements(p_legs) l WHERE l->>'account' IS NULL
    ON CONFLICT DO NOTHING;

  -- Each branch is one index lookup; a CASE in a join condition would scan every account.
  SELECT array_agg(r.id ORDER BY l.n), array_agg((l.leg->>'amount')::numeric ORDER BY l.n), array_agg(l.leg->>'currency' ORDER BY l.n)
    INTO v_ids, v_amounts, v_currencies
  FROM jsonb_array_elements(p_legs) WITH ORDINALITY AS l(leg, n)
  CROSS JOIN LATERAL (
    SELECT a.id FROM accounts a WHERE l.leg->>'account' IS NOT NULL AND a.id = (l.leg->>'account')::uuid
    UNION ALL
    SELECT a.id FROM accounts a
      WHERE l.leg->>'account' IS NULL AND l.leg->>'owner' IS NOT NULL AND a.owner_id = (l.leg->>'owner')::uuid
        AND a.currency = l.leg->>'currency' AND a.book = l.leg->>'book' AND a.kind = l.leg->>'kind'
    UNION ALL
    SELECT a.id FROM accounts a
      WHERE l.leg->>'account' IS NULL AND l.leg->>'owner' IS NULL AND a.owner_id IS NULL
        AND a.currency = l.leg->>'currency' AND a.book = l.leg->>'book' AND a.kind = l.leg->>'kind'
  ) r;
  IF coalesce(array_length(v_ids, 1), 0) <> jsonb_array_length(p_legs) THEN
    RAISE EXCEPTION 'ledger: a leg names an account that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;

  PERFORM 1 FROM accounts a WHERE a.id = ANY (v_ids) ORDER BY a.id FOR UPDATE;

  SELECT a.id INTO v_short FROM accounts a
    JOIN (SELECT u.id, sum(u.amount) AS delta FROM unnest(v_ids, v_amounts) AS u(id, amount) GROUP BY u.id) d ON d.id = a.id
    WHERE a.owner_id IS NOT NULL AND a.balance + d.delta < 0
    LIMIT 1;
  IF v_short IS NOT NULL THEN
    RAISE EXCEPTION 'ledger: insufficient funds on account %', v_short
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_owner_balance_check';
  END IF;

  INSERT INTO entries (journal_id, account_id, amount, currency)
    SELECT v_id, u.id, u.amount, u.currency FROM unnest(v_ids, v_amounts, v_currencies) AS u(id, amount, currency) ORDER BY u.id;

  SELECT coalesce(jsonb_agg(DISTINCT jsonb_build_object('userId', a.owner_id, 'book', a.book)), '[]'::jsonb) INTO v_touched
    FROM accounts a WHERE a.id = ANY (v_ids) AND a.owner_id IS NOT NULL;
  RETURN QUERY SELECT v_id, v_at, false, v_touched;
END
$$;
