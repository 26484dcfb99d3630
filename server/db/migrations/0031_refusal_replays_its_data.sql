-- A refusal may carry data of its own (a 409 priceMoved carries the current quote, docs/api.md "Orders"), and a
-- repeated key must answer it again as it was: a stored refusal may now keep its data. The rest of the outcome
-- check of 0009_idempotency.sql stands.
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_outcome_check;
--> statement-breakpoint
ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_outcome_check CHECK (
  ("state" = 'running' AND "status_code" IS NULL AND "message_key" IS NULL AND "completed_at" IS NULL)
  OR ("state" = 'done' AND "completed_at" IS NOT NULL AND (
    ("status_code" = 200 AND "message_key" IS NULL)
    OR ("status_code" BETWEEN 400 AND 499 AND "message_key" IS NOT NULL))));
