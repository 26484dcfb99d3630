-- Positions marked closed in one UPDATE, not one UPDATE a position (server/modules/orders/orders.repository.ts
-- closeOrderRows). 0050_named_plans_that_grow.sql made this function a loop so that every position was a probe of
-- orders' primary key however young the table was when PL/pgSQL kept its plan; each UPDATE then paid a statement's
-- start and end, and a batch of closes spent 2.7 ms here where one statement takes 1.3 (15 positions, bench:orders'
-- database). The figures go in as arrays, and the one UPDATE finds its rows by `id = ANY`: with sequential scans off,
-- the only path is a probe of the primary key per number, at any size of the table and whatever it was when planned
-- (server/modules/orders/close-plan.test.ts). A number given twice is closed once, with its first figures.
CREATE OR REPLACE FUNCTION orders_close_rows(p_rows jsonb) RETURNS SETOF orders
LANGUAGE plpgsql SET jit = off SET enable_seqscan = off AS $$
DECLARE
  v_id bigint[];
  v_price numeric[];
  v_time bigint[];
  v_profit numeric[];
  v_reason text[];
  v_level numeric[];
  v_pending boolean[];
  v_drawn numeric[];
BEGIN
  -- One pass over the rows: every array in the same order.
  SELECT array_agg(x.id), array_agg(x."closePrice"), array_agg(x."closeTime"), array_agg(x.profit),
      array_agg(x."closeReason"), array_agg(x."closeMarginLevel"), array_agg(x."settlementPending"), array_agg(x."marginDrawn")
    INTO v_id, v_price, v_time, v_profit, v_reason, v_level, v_pending, v_drawn
    FROM jsonb_to_recordset(p_rows) AS x(id bigint, "closePrice" numeric, "closeTime" bigint, profit numeric,
      "closeReason" text, "closeMarginLevel" numeric, "settlementPending" boolean, "marginDrawn" numeric);
  RETURN QUERY
    UPDATE orders o SET status = 'closed', close_price = v_price[array_position(v_id, o.id)],
        close_time = v_time[array_position(v_id, o.id)], profit = v_profit[array_position(v_id, o.id)],
        close_reason = v_reason[array_position(v_id, o.id)], close_margin_level = v_level[array_position(v_id, o.id)],
        settlement_pending = v_pending[array_position(v_id, o.id)], margin_drawn = v_drawn[array_position(v_id, o.id)]
      WHERE o.id = ANY (v_id)
      RETURNING o.*;
END
$$;
