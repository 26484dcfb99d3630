-- A user's order event starts by taking the book's lock and reading the book's balances (orders.repository.ts
-- lockBookBalances): one round trip instead of two. The balances are read by a statement of their own inside the
-- function, so in READ COMMITTED they are read after the lock is granted (a single SELECT would read them as they
-- were when it started, before it waited for the lock). The lock is the one lockBook takes: the same key and seed.
CREATE OR REPLACE FUNCTION orders_lock_book(p_user uuid, p_book text)
RETURNS TABLE (currency text, kind text, balance text) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_user::text || ':' || p_book, 7351005));
  RETURN QUERY SELECT a.currency, a.kind, a.balance::text FROM accounts a WHERE a.owner_id = p_user AND a.book = p_book;
END
$$;
--> statement-breakpoint
-- A user's close or cancel starts here: the user's order is found (nothing for another user's or an unknown number),
-- its book locked as above, then the row read and locked by a statement of its own, after the book lock: one round
-- trip instead of three (the order read to learn its book, the book lock, the row lock).
CREATE OR REPLACE FUNCTION orders_lock_order(p_user uuid, p_order bigint) RETURNS SETOF orders LANGUAGE plpgsql AS $$
DECLARE
  v_book text;
BEGIN
  SELECT o.book INTO v_book FROM orders o WHERE o.id = p_order AND o.user_id = p_user;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended(p_user::text || ':' || v_book, 7351005));
  RETURN QUERY SELECT * FROM orders o WHERE o.id = p_order FOR UPDATE;
END
$$;
