-- An order's Idempotency-Key written once, with its outcome, at the end of the order's own transaction
-- (server/idempotency/in-transaction.ts). Until now that path inserted a "running" claim first and updated it to its
-- outcome last: two writes of the row, the update the dearer (bench:orders: the key's two writes were a quarter of
-- PostgreSQL's time an order, 0.1 ms of 0.36). What the first insert gave, the key's row lock held to the commit, so
-- that a second request with the key waited for the first's outcome, is now a transaction-scoped advisory lock on the
-- key: the batch takes its keys' locks, reads which keys are already there, does its work and inserts the outcomes.
-- Every claim of the general path (server/idempotency/store.ts insertClaims) takes the same lock before it inserts,
-- so it waits for a batch holding the key and then finds its outcome, as it waited on the row before.

-- The lock of one key: a 32-bit hash of (user, endpoint, key), taken as pg_advisory_xact_lock(7351051, hash). The
-- two-number form is a lock space of its own, apart from every one-number lock of the app (the leaders' session locks,
-- the book locks): a key is the caller's text and its hash theirs to choose, so a chosen key must never name one of
-- those. Two keys sharing a hash only wait for each other's transaction.
CREATE FUNCTION idempotency_key_lock(p_user uuid, p_endpoint text, p_key text) RETURNS int
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT hashtext(p_user::text || ' ' || p_endpoint || ' ' || p_key) $$;
--> statement-breakpoint
-- Takes the locks of the keys of p_rows ([{user_id, endpoint, key}]) until the transaction ends, in the order of
-- their hashes, so that two transactions naming the same keys wait rather than deadlock.
CREATE FUNCTION idempotency_lock_keys_only(p_rows jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  h int;
BEGIN
  FOR h IN SELECT DISTINCT idempotency_key_lock(x.user_id, x.endpoint, x.key)
      FROM jsonb_to_recordset(p_rows) AS x(user_id uuid, endpoint text, key text) ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(7351051, h);
  END LOOP;
END
$$;
--> statement-breakpoint
-- A batch's keys ([{n, user_id, endpoint, key}]): takes their locks, then answers the n of each key already stored
-- (by a committed request: a holder still running was waited for). A probe of the primary key per key (0050).
CREATE FUNCTION idempotency_lock_keys(p_rows jsonb) RETURNS TABLE (n int)
LANGUAGE plpgsql SET jit = off SET enable_seqscan = off AS $$
DECLARE
  v record;
BEGIN
  PERFORM idempotency_lock_keys_only(p_rows);
  FOR v IN SELECT * FROM jsonb_to_recordset(p_rows) AS x(n int, user_id uuid, endpoint text, key text) LOOP
    IF EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.user_id = v.user_id AND k.endpoint = v.endpoint AND k.key = v.key) THEN
      n := v.n;
      RETURN NEXT;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
-- The general path's claims ([{user_id, endpoint, key, fingerprint, attempt, at}]): each key's lock (waiting for a
-- batch that holds it), then the running rows, in key order; answers the attempts that got their key (a key already
-- there, or twice in p_rows, keeps the first). The locks last until this statement's transaction ends.
CREATE FUNCTION idempotency_claims(p_rows jsonb) RETURNS TABLE (attempt uuid)
LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM idempotency_lock_keys_only(p_rows);
  RETURN QUERY
    INSERT INTO idempotency_keys AS k (user_id, endpoint, key, fingerprint, attempt, claimed_at, created_at)
      SELECT v.user_id, v.endpoint, v.key, v.fingerprint, v.attempt, v.at, v.at
      FROM jsonb_to_recordset(p_rows) AS v(user_id uuid, endpoint text, key text, fingerprint text, attempt uuid, at timestamptz)
      ORDER BY v.user_id, v.endpoint, v.key
    ON CONFLICT DO NOTHING
    RETURNING k.attempt;
END
$$;
