-- Loans (server/modules/loans). One row per loan a verified user asks; money never lives here: the principal leaves
-- the house's lending reserve at approval and repayments return to it through the ledger, each journal keyed by the
-- row (loan-credit:<id>) or by the caller's derived Idempotency-Key (repayments), committed with the row's change.
-- The agreement PDF is stored as signed, with its SHA-256 taken at signing, so any later change to the bytes shows.
CREATE TABLE "loans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (START WITH 1000001),
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"currency" text NOT NULL REFERENCES "currencies"("code"),
	"amount" numeric(38, 18) NOT NULL CHECK ("amount" > 0),
	"term_days" integer NOT NULL CHECK ("term_days" > 0),
	"daily_rate" numeric(38, 18) NOT NULL,
	"late_daily_rate" numeric(38, 18) NOT NULL,
	"interest" numeric(38, 18) NOT NULL,
	"total_repayment" numeric(38, 18) NOT NULL,
	"damages_per_day" numeric(38, 18) NOT NULL,
	"damages_charged" numeric(38, 18) DEFAULT 0 NOT NULL,
	"repaid" numeric(38, 18) DEFAULT 0 NOT NULL,
	"status" text NOT NULL CHECK ("status" IN ('not_signed', 'signed', 'active', 'repaid', 'rejected')),
	-- The borrower's language (a server code, en_US): the agreement is written in it.
	"language" text NOT NULL,
	"request_key" text NOT NULL,
	"signed_pdf" bytea,
	"signed_hash" text,
	"signed_at" bigint,
	"approved_at" bigint,
	"due_at" bigint,
	"reject_reason" text,
	"decided_operator_name" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "loans_request_key_unique" UNIQUE ("request_key"),
	CONSTRAINT "loans_repaid_check" CHECK ("repaid" <= "total_repayment" + "damages_charged"),
	CONSTRAINT "loans_signed_check" CHECK ("status" IN ('not_signed', 'rejected') OR ("signed_pdf" IS NOT NULL AND "signed_hash" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "loans_user_id_idx" ON "loans" ("user_id", "id" DESC);
--> statement-breakpoint
CREATE INDEX "loans_status_idx" ON "loans" ("status", "id");
--> statement-breakpoint
-- One row per whole day late: the daily job (and a repayment, first) inserts the days due, so a day is charged once
-- whoever runs it and however late.
CREATE TABLE "loan_late_days" (
	"loan_id" bigint NOT NULL REFERENCES "loans"("id"),
	"day" integer NOT NULL CHECK ("day" > 0),
	"amount" numeric(38, 18) NOT NULL,
	"charged_at" bigint NOT NULL,
	PRIMARY KEY ("loan_id", "day")
);
