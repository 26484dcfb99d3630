-- What the database itself refuses, whatever role or code asks (docs/operations.md, "A role that cannot rewrite the
-- ledger"): a withdrawal's destination and amounts once it is asked, and its outcome once decided; an order's money
-- fields once it is placed; and an operator's roles, which change only through operators_set_roles, audited.
CREATE OR REPLACE FUNCTION withdrawals_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.currency IS DISTINCT FROM OLD.currency
     OR NEW.network IS DISTINCT FROM OLD.network OR NEW.address IS DISTINCT FROM OLD.address
     OR NEW.amount IS DISTINCT FROM OLD.amount OR NEW.fee IS DISTINCT FROM OLD.fee OR NEW.receive IS DISTINCT FROM OLD.receive
     OR NEW.needs_second IS DISTINCT FROM OLD.needs_second OR NEW.request_key IS DISTINCT FROM OLD.request_key
     OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
    RAISE EXCEPTION 'withdrawals: % is frozen once asked (address, amounts, terms)', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  -- pending -> awaiting_second -> paid | rejected; a decided withdrawal stays as it was decided.
  IF OLD.status IN ('paid', 'rejected') OR (OLD.status = 'awaiting_second' AND NEW.status = 'pending') THEN
    RAISE EXCEPTION 'withdrawals: % is decided (%)', OLD.id, OLD.status USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER withdrawals_frozen BEFORE UPDATE ON withdrawals FOR EACH ROW EXECUTE FUNCTION withdrawals_frozen();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.book IS DISTINCT FROM OLD.book OR NEW.kind IS DISTINCT FROM OLD.kind
     OR NEW.symbol IS DISTINCT FROM OLD.symbol OR NEW.side IS DISTINCT FROM OLD.side OR NEW.lots IS DISTINCT FROM OLD.lots
     OR NEW.leverage IS DISTINCT FROM OLD.leverage OR NEW.margin IS DISTINCT FROM OLD.margin OR NEW.fee IS DISTINCT FROM OLD.fee
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
--> statement-breakpoint
CREATE TRIGGER orders_frozen BEFORE UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION orders_frozen();
--> statement-breakpoint
-- The one way to change an operator's roles: in the same transaction as its audit row. SECURITY DEFINER, so a server
-- role without UPDATE on operators.roles (docs/operations.md) can still do it here, and only here.
CREATE OR REPLACE FUNCTION operators_set_roles(p_name text, p_roles text[], p_by text)
RETURNS text[] LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_id uuid;
  v_before text[];
BEGIN
  SELECT id, roles INTO v_id, v_before FROM operators WHERE name = p_name FOR UPDATE;
  IF v_id IS NULL THEN
    RAISE EXCEPTION 'operators: no operator named %', p_name USING ERRCODE = 'no_data_found';
  END IF;
  UPDATE operators SET roles = p_roles WHERE id = v_id;
  INSERT INTO audit_log (operator_id, operator_name, action, subject, before, after)
  VALUES (NULL, coalesce(p_by, 'cli'), 'operators.setRoles', 'operator:' || v_id, jsonb_build_object('roles', v_before), jsonb_build_object('roles', p_roles));
  RETURN p_roles;
END
$$;
