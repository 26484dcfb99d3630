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
