-- Withdrawals (server/modules/withdrawals). One row per withdrawal a user asks; money never lives here:
-- the amount moves through the ledger, each state change committing in the same transaction as its journal, keyed
-- by the request (the caller's derived Idempotency-Key) or by the row (withdrawal-paid:<id>, withdrawal-rejected:<id>),
-- so each settles once whoever runs it. The server holds no key: operators pay out from the platform's wallet and
-- record the payout's transaction hash here.
CREATE TABLE "withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (START WITH 1000001),
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"currency" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"receive" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	-- The ledger key of the request's journal (available -> locked): a retried request finds its row again.
	"request_key" text NOT NULL,
	"tx_hash" text,
	-- Whether the payout was found on chain (ETH_RPC_URL set), or taken on the operator's word.
	"chain_checked" boolean DEFAULT false NOT NULL,
	"reject_reason" text,
	-- The first of two approvals (withdrawals above the configured amount), then the operator who decided.
	"first_operator_id" uuid,
	"first_operator_name" text,
	"decided_operator_id" uuid,
	"decided_operator_name" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "withdrawals_request_key_unique" UNIQUE ("request_key"),
	CONSTRAINT "withdrawals_network_fkey" FOREIGN KEY ("currency", "network") REFERENCES "funds_networks" ("currency", "network"),
	CONSTRAINT "withdrawals_status_check" CHECK ("status" IN ('pending', 'awaiting_second', 'paid', 'rejected')),
	CONSTRAINT "withdrawals_amounts_check" CHECK ("amount" > 0 AND "fee" >= 0 AND "receive" > 0 AND "amount" = "fee" + "receive"),
	CONSTRAINT "withdrawals_paid_check" CHECK (("status" = 'paid') = ("tx_hash" IS NOT NULL)),
	CONSTRAINT "withdrawals_rejected_check" CHECK (("status" = 'rejected') = ("reject_reason" IS NOT NULL)),
	-- Four eyes: the operator who confirms a payout is not the one who approved it first, whatever the code does.
	CONSTRAINT "withdrawals_second_operator_check" CHECK ("status" <> 'paid' OR "first_operator_id" IS NULL OR "first_operator_id" <> "decided_operator_id")
);
--> statement-breakpoint
CREATE INDEX "withdrawals_user_id_idx" ON "withdrawals" USING btree ("user_id", "id" DESC);
--> statement-breakpoint
CREATE INDEX "withdrawals_user_currency_created_idx" ON "withdrawals" USING btree ("user_id", "currency", "created_at");
--> statement-breakpoint
CREATE INDEX "withdrawals_open_idx" ON "withdrawals" USING btree ("id") WHERE "status" IN ('pending', 'awaiting_second');
--> statement-breakpoint
-- One payout pays one withdrawal.
CREATE UNIQUE INDEX "withdrawals_tx_hash_unique" ON "withdrawals" USING btree (lower("tx_hash")) WHERE "tx_hash" IS NOT NULL;
