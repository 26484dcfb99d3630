-- Plans that stay index probes as the tables grow, for the orders path's named statements (server/db/named.ts), as
-- 0020_plans_that_grow.sql did for the ledger's functions. node-postgres prepares a named statement once per
-- connection; after five calls PostgreSQL keeps a generic plan for it, made with the table as it was then, until an
-- ANALYZE of the table replans it. The two updates below carried their batch's size as LIMIT $2, which a generic plan
-- cannot read: planned while a new database's tables were a few pages, they were a sequential scan and a hash join,
-- and every batch of orders read the whole of idempotency_keys and of orders until autovacuum's first ANALYZE
-- (bench:orders: the outcomes' update took 2.9 ms a batch, as much as the ledger's posting). As functions that update
-- a row at a time with sequential scans off, they probe the primary key per row: the right plan at any size.

-- Each request's outcome on its claimed key (server/idempotency/store.ts storeOutcomes): answers the attempts that
-- still held their key (a stale one taken over answers nothing). A probe of the primary key per outcome, one at a
-- time: as one join, the planner (its estimate of the batch a fixed 100 rows, of a young table a few) made the whole
-- index the outer side and read all of it on every call.
CREATE FUNCTION idempotency_store_outcomes(p_rows jsonb) RETURNS TABLE (stored uuid)
LANGUAGE plpgsql SET jit = off SET enable_seqscan = off AS $$
DECLARE
  v record;
BEGIN
  FOR v IN SELECT * FROM jsonb_to_recordset(p_rows) AS x(user_id uuid, endpoint text, key text, attempt uuid,
      status_code int, message_key text, message_params jsonb, data jsonb, at timestamptz) LOOP
    UPDATE idempotency_keys k SET state = 'done', status_code = v.status_code, message_key = v.message_key,
        message_params = v.message_params, data = v.data, completed_at = v.at
      WHERE k.user_id = v.user_id AND k.endpoint = v.endpoint AND k.key = v.key AND k.attempt = v.attempt
        AND k.state = 'running'
      RETURNING k.attempt INTO stored;
    IF FOUND THEN
      RETURN NEXT;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
-- Positions marked closed, each with its own figures (server/modules/orders/orders.repository.ts closeOrderRows): a
-- probe of orders' primary key per position, as above.
CREATE FUNCTION orders_close_rows(p_rows jsonb) RETURNS SETOF orders
LANGUAGE plpgsql SET jit = off SET enable_seqscan = off AS $$
DECLARE
  v record;
  closed orders;
BEGIN
  FOR v IN SELECT * FROM jsonb_to_recordset(p_rows) AS x(id bigint, "closePrice" numeric, "closeTime" bigint,
      profit numeric, "closeReason" text, "closeMarginLevel" numeric, "settlementPending" boolean, "marginDrawn" numeric) LOOP
    UPDATE orders o SET status = 'closed', close_price = v."closePrice", close_time = v."closeTime", profit = v.profit,
        close_reason = v."closeReason", close_margin_level = v."closeMarginLevel",
        settlement_pending = v."settlementPending", margin_drawn = v."marginDrawn"
      WHERE o.id = v.id
      RETURNING o.* INTO closed;
    IF FOUND THEN
      RETURN NEXT closed;
    END IF;
  END LOOP;
END
$$;
