-- Pending orders are limits or stops (docs/trading.md, "Pending orders"): a buy limit waits below the ask, a buy stop
-- above it; a sell limit above the bid, a sell stop below it. Rows of kind 'limit' keep their kind (the reservation,
-- the fill and the cancel are the same); this column says which trigger they wait for. NULL on positions, and on
-- pending rows placed before this migration, which are all limits.
ALTER TABLE orders ADD COLUMN pending_type text;
--> statement-breakpoint
ALTER TABLE orders ADD CONSTRAINT orders_pending_type_check CHECK (pending_type IS NULL OR (kind = 'limit' AND pending_type IN ('limit', 'stop')));
--> statement-breakpoint
-- Frozen once placed, like the other fields of 0025_frozen_money_fields.sql: a limit never turns into a stop.
CREATE OR REPLACE FUNCTION orders_pending_type_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.pending_type IS DISTINCT FROM OLD.pending_type THEN
    RAISE EXCEPTION 'orders: the pending type of % is frozen once placed', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_pending_type_frozen BEFORE UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION orders_pending_type_frozen();
