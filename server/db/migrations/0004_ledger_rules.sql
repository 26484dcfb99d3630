-- The ledger's rules, enforced by the database so that no code path (a bug, a script, a console) can break them:
-- balances move only with entries, journals balance per currency at commit, entries and journals are append-only.
-- A user account's balance >= 0 is the CHECK accounts_owner_balance_check from 0003_ledger.sql.

-- Every entry moves its account's balance in the same statement and records the balance after it. The UPDATE takes
-- the row lock, so concurrent entries on one account serialise here; the CHECK on accounts refuses an overdraft.
CREATE OR REPLACE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  after_balance numeric(38, 18);
  account_currency text;
BEGIN
  UPDATE accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id
    RETURNING balance, currency INTO after_balance, account_currency;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger: account % does not exist', NEW.account_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF account_currency <> NEW.currency THEN
    RAISE EXCEPTION 'ledger: entry in % on an account in %', NEW.currency, account_currency
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  NEW.balance_after := after_balance;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER entries_apply BEFORE INSERT ON entries FOR EACH ROW EXECUTE FUNCTION ledger_apply_entry();
--> statement-breakpoint

-- Balances change only through ledger_apply_entry (trigger depth 2); a direct UPDATE of a balance, or of what an
-- account is, is refused, and accounts are never deleted.
CREATE OR REPLACE FUNCTION ledger_guard_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger: accounts cannot be deleted' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.owner_id IS DISTINCT FROM OLD.owner_id OR NEW.currency <> OLD.currency OR NEW.book <> OLD.book
    OR NEW.kind <> OLD.kind OR NEW.id <> OLD.id THEN
    RAISE EXCEPTION 'ledger: an account''s identity cannot change' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.balance <> OLD.balance AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'ledger: balances change only through entries' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_guard BEFORE UPDATE OR DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION ledger_guard_account();
--> statement-breakpoint

-- At commit, each journal that got entries must sum to zero in every currency.
CREATE OR REPLACE FUNCTION ledger_check_journal_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT currency, sum(amount) AS total INTO bad FROM entries
    WHERE journal_id = NEW.journal_id GROUP BY currency HAVING sum(amount) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger: journal % does not balance in % (sum %)', NEW.journal_id, bad.currency, bad.total
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER entries_balanced AFTER INSERT ON entries DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_journal_balanced();
--> statement-breakpoint

-- Append-only: a mistake is corrected by a reversing journal, never by editing history.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger: % is append-only (% refused)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'integrity_constraint_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER entries_append_only BEFORE UPDATE OR DELETE ON entries FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER entries_no_truncate BEFORE TRUNCATE ON entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER journals_append_only BEFORE UPDATE OR DELETE ON journals FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER journals_no_truncate BEFORE TRUNCATE ON journals FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
