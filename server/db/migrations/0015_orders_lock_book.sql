-- An order event starts by taking the locks of the books it touches and reading their balances (orders.repository.ts
-- lockBooksBalances): one round trip, for one book or for a batch of opens. The balances are read by a statement of
-- their own inside the function, so in READ COMMITTED they are read after the locks are granted (a single SELECT
-- would read them as they were when it started, before it waited). The locks are lockBook's (same key and seed),
-- taken in key order, so batches and single events queue instead of deadlocking.
CREATE OR REPLACE FUNCTION orders_lock_books(p_users uuid[], p_books text[])
RETURNS TABLE (owner_id uuid, book text, currency text, kind text, balance text) LANGUAGE plpgsql AS $$
DECLARE
  v_key bigint;
BEGIN
  FOR v_key IN SELECT DISTINCT hashtextextended(u.usr::text || ':' || u.bk, 7351005) AS k
      FROM unnest(p_users, p_books) AS u(usr, bk) ORDER BY k LOOP
    PERFORM pg_advisory_xact_lock(v_key);
  END LOOP;
  RETURN QUERY SELECT a.owner_id, a.book, a.currency, a.kind, a.balance::text FROM accounts a
    WHERE (a.owner_id, a.book) IN (SELECT u.usr, u.bk FROM unnest(p_users, p_books) AS u(usr, bk));
END
$$;
--> statement-breakpoint
-- A user's close or cancel starts here, one or a batch: the users' orders are found (nothing for another user's or an
-- unknown number), their books locked as above (in key order), then the rows read and locked by a statement of their
-- own, after the book locks, in number order: one round trip instead of three (the order read to learn its book, the
-- book lock, the row lock).
CREATE OR REPLACE FUNCTION orders_lock_orders(p_users uuid[], p_orders bigint[]) RETURNS SETOF orders LANGUAGE plpgsql AS $$
DECLARE
  v_key bigint;
BEGIN
  FOR v_key IN SELECT DISTINCT hashtextextended(o.user_id::text || ':' || o.book, 7351005) AS k FROM orders o
      WHERE (o.id, o.user_id) IN (SELECT u.id, u.usr FROM unnest(p_orders, p_users) AS u(id, usr)) ORDER BY k LOOP
    PERFORM pg_advisory_xact_lock(v_key);
  END LOOP;
  RETURN QUERY SELECT o.* FROM orders o
    WHERE (o.id, o.user_id) IN (SELECT u.id, u.usr FROM unnest(p_orders, p_users) AS u(id, usr)) ORDER BY o.id FOR UPDATE;
END
$$;
