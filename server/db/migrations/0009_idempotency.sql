-- Idempotency keys of money-moving API calls (server/idempotency, docs/api.md "Idempotency"). A key is scoped to its
-- user and endpoint by the primary key itself; the first outcome is stored with the request's fingerprint and
-- replayed. Times are the app's clock (written by the server), so a controlled clock can test expiry and staleness.
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"attempt" uuid NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"message_key" text,
	"message_params" jsonb,
	"data" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("user_id", "endpoint", "key"),
	CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE,
	CONSTRAINT "idempotency_keys_state_check" CHECK ("state" IN ('running', 'done')),
	CONSTRAINT "idempotency_keys_fingerprint_check" CHECK ("fingerprint" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "idempotency_keys_key_check" CHECK (length("key") BETWEEN 1 AND 255),
	-- A finished key has exactly one outcome: a success (200 and its data) or a refusal (a 4xx and its message).
	-- 5xx are never stored: the caller may try again.
	CONSTRAINT "idempotency_keys_outcome_check" CHECK (
		("state" = 'running' AND "status_code" IS NULL AND "message_key" IS NULL AND "completed_at" IS NULL)
		OR ("state" = 'done' AND "completed_at" IS NOT NULL AND (
			("status_code" = 200 AND "message_key" IS NULL)
			OR ("status_code" BETWEEN 400 AND 499 AND "message_key" IS NOT NULL AND "data" IS NULL))))
);
--> statement-breakpoint
-- The leader's pruning deletes by age.
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" ("created_at");
