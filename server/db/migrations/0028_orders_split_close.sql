-- A partial close (server/modules/orders/manage.service.ts, docs/trading.md "Closing part of a position") splits a
-- position: the closed part becomes its own row (open for a moment, then closed like any position, its P/L settled
-- and its margin released through the ledger), and the position keeps the rest. The one exception to the frozen
-- money fields (0025_frozen_money_fields.sql): an open position's lots and margin may go DOWN, never up, and only
-- when a part row opened from it holds exactly the lots and margin it gives up, at the same open price, under the key
-- split:<position>:<lots left>. Lots only fall, so each part row justifies one reduction; the sum of the position and
-- its parts is what the ledger holds for them (orders.subledger.ts), so nothing can be taken out of the position
-- except by closing a part of it.
CREATE OR REPLACE FUNCTION orders_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_split boolean := false;
BEGIN
  IF OLD.status = 'open' AND NEW.status = 'open' AND OLD.kind = 'contract'
     AND (NEW.lots IS DISTINCT FROM OLD.lots OR NEW.margin IS DISTINCT FROM OLD.margin)
     AND NEW.lots > 0 AND NEW.lots < OLD.lots AND NEW.margin >= 0 AND NEW.margin <= OLD.margin THEN
    SELECT EXISTS (
      SELECT 1 FROM orders p
      WHERE p.open_key = 'split:' || OLD.id::text || ':' || NEW.lots::text
        AND p.linked_order_no = OLD.id AND p.user_id = OLD.user_id AND p.book = OLD.book AND p.kind = 'contract'
        AND p.symbol = OLD.symbol AND p.side = OLD.side AND p.status = 'open' AND p.open_price = OLD.open_price
        AND p.lots = OLD.lots - NEW.lots AND p.margin = OLD.margin - NEW.margin AND p.margin_currency = OLD.margin_currency
    ) INTO v_split;
  END IF;
  IF NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.book IS DISTINCT FROM OLD.book OR NEW.kind IS DISTINCT FROM OLD.kind
     OR NEW.symbol IS DISTINCT FROM OLD.symbol OR NEW.side IS DISTINCT FROM OLD.side
     OR (NEW.lots IS DISTINCT FROM OLD.lots AND NOT v_split)
     OR NEW.leverage IS DISTINCT FROM OLD.leverage OR (NEW.margin IS DISTINCT FROM OLD.margin AND NOT v_split)
     OR NEW.fee IS DISTINCT FROM OLD.fee
     OR NEW.margin_currency IS DISTINCT FROM OLD.margin_currency OR NEW.limit_price IS DISTINCT FROM OLD.limit_price
     OR NEW.open_key IS DISTINCT FROM OLD.open_key OR NEW.create_time IS DISTINCT FROM OLD.create_time
     -- The fill price is written once (a limit order's fill); a position's is its own from the start.
     OR (OLD.open_price IS NOT NULL AND NEW.open_price IS DISTINCT FROM OLD.open_price) THEN
    RAISE EXCEPTION 'orders: the money fields of % are frozen once placed', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  -- The realised figures are written by the close only.
  IF OLD.status <> 'open' AND (NEW.profit IS DISTINCT FROM OLD.profit OR NEW.close_price IS DISTINCT FROM OLD.close_price) THEN
    RAISE EXCEPTION 'orders: % is not open: its result is final', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;
