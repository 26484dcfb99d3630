-- Funds in and out: which currencies arrive on which networks, and the deposits themselves.
-- funds_networks is configuration operators edit (server/modules/funds); one row per (currency, network). The
-- withdrawal settings live on the same row, so one screen edits a network. deposits records every transfer found
-- on chain and every claim; money never lives here: a deposit is credited by one ledger journal whose key is
-- derived from the transfer (deposit:<network>:<tx>:<log>), and the unique keys below make a transfer count once
-- across all users whoever finds it (the follower, a claim, an operator).

CREATE TABLE "funds_networks" (
	"currency" text NOT NULL REFERENCES "currencies"("code"),
	-- A short code the app and the API use: ERC20 is Ethereum mainnet (tokens and native ETH alike).
	"network" text NOT NULL,
	"network_name" text NOT NULL,
	-- evm: addresses are EIP-55 and transfers can be followed through ETH_RPC_URL; other: checked by operators.
	"kind" text DEFAULT 'evm' NOT NULL,
	-- The ERC-20 contract; null for the network's native coin.
	"token_contract" text,
	"token_decimals" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"deposit_enabled" boolean DEFAULT true NOT NULL,
	-- The house's receiving address; null until an operator sets it (deposits are closed until then).
	"deposit_address" text,
	"deposit_min" numeric(38, 18) DEFAULT '0' NOT NULL,
	"confirmations" integer DEFAULT 12 NOT NULL,
	-- Transfers and claims are checked on chain (with ETH_RPC_URL); false: every claim waits for an operator.
	"on_chain" boolean DEFAULT true NOT NULL,
	"withdraw_enabled" boolean DEFAULT true NOT NULL,
	-- fee = withdraw_fee + amount × withdraw_fee_rate (src/contract/withdraw-math.ts).
	"withdraw_fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"withdraw_fee_rate" numeric(38, 18) DEFAULT '0' NOT NULL,
	"withdraw_min" numeric(38, 18) DEFAULT '0' NOT NULL,
	-- Null: no limit / never.
	"withdraw_daily_max" numeric(38, 18),
	"withdraw_kyc_above" numeric(38, 18),
	"withdraw_second_confirm_above" numeric(38, 18),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funds_networks_pkey" PRIMARY KEY ("currency", "network"),
	CONSTRAINT "funds_networks_network_check" CHECK ("network" ~ '^[A-Z0-9]{2,16}$'),
	CONSTRAINT "funds_networks_kind_check" CHECK ("kind" IN ('evm', 'other')),
	CONSTRAINT "funds_networks_token_check" CHECK ("token_contract" IS NULL OR "token_contract" ~ '^0x[0-9a-fA-F]{40}$'),
	CONSTRAINT "funds_networks_address_check" CHECK ("deposit_address" IS NULL OR length("deposit_address") BETWEEN 20 AND 100),
	CONSTRAINT "funds_networks_decimals_check" CHECK ("token_decimals" BETWEEN 0 AND 36),
	CONSTRAINT "funds_networks_confirmations_check" CHECK ("confirmations" BETWEEN 0 AND 10000),
	CONSTRAINT "funds_networks_amounts_check" CHECK (
		"deposit_min" >= 0 AND "withdraw_fee" >= 0 AND "withdraw_fee_rate" >= 0 AND "withdraw_fee_rate" < 1 AND "withdraw_min" >= 0
		AND coalesce("withdraw_daily_max", 0) >= 0 AND coalesce("withdraw_kyc_above", 0) >= 0
		AND coalesce("withdraw_second_confirm_above", 0) >= 0)
);
--> statement-breakpoint
-- Tether USD and ether on Ethereum mainnet. The receiving addresses stay empty until an operator sets them: a
-- default address would lose the first deposits.
INSERT INTO "funds_networks" ("currency", "network", "network_name", "kind", "token_contract", "token_decimals", "sort",
	"deposit_min", "confirmations", "withdraw_fee", "withdraw_min", "withdraw_daily_max", "withdraw_kyc_above", "withdraw_second_confirm_above")
VALUES
	('USDT', 'ERC20', 'Ethereum (ERC-20)', 'evm', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6, 1, '10', 12, '1', '10', '50000', '1000', '10000'),
	('ETH', 'ERC20', 'Ethereum (ERC-20)', 'evm', NULL, 18, 2, '0.005', 12, '0.002', '0.01', '20', '0.5', '5');
--> statement-breakpoint

-- Users' own addresses the follower watches besides their sign-in wallet (POST /addMonitorAddressV2).
CREATE TABLE "deposit_monitors" (
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"network" text NOT NULL,
	-- EIP-55, like users.address.
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_monitors_pkey" PRIMARY KEY ("network", "address")
);
--> statement-breakpoint
CREATE INDEX "deposit_monitors_user_idx" ON "deposit_monitors" ("user_id");
--> statement-breakpoint

CREATE TABLE "deposits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (START WITH 20000001),
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"currency" text NOT NULL,
	"network" text NOT NULL,
	-- chain: found by the follower; claim: the user sent a proof (/createRechargePlat).
	"source" text NOT NULL,
	-- Lower-case 0x + 64 hex.
	"tx_hash" text NOT NULL,
	-- The Transfer log's index; -1 for a native transfer; null for a claim not yet matched on chain.
	"log_index" integer,
	"from_address" text,
	"amount" numeric(38, 18) NOT NULL,
	"block_number" bigint,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"confirmations_needed" integer NOT NULL,
	-- pending: waiting for confirmations; review: waiting for an operator; credited; rejected.
	"status" text NOT NULL,
	-- Claims: what the on-chain check found (contract DepositCheck), or null when nothing checked it.
	"check_result" jsonb,
	"last6" text,
	"screenshot" text,
	"reject_reason" text,
	"journal_id" uuid,
	"reviewed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone,
	CONSTRAINT "deposits_source_check" CHECK ("source" IN ('chain', 'claim')),
	CONSTRAINT "deposits_status_check" CHECK ("status" IN ('pending', 'review', 'credited', 'rejected')),
	CONSTRAINT "deposits_tx_hash_check" CHECK ("tx_hash" ~ '^0x[0-9a-f]{64}$'),
	CONSTRAINT "deposits_amount_check" CHECK ("amount" > 0),
	CONSTRAINT "deposits_network_fkey" FOREIGN KEY ("currency", "network") REFERENCES "funds_networks"("currency", "network"),
	-- A transfer is one deposit across all users, whoever found it.
	CONSTRAINT "deposits_transfer_key" UNIQUE ("network", "tx_hash", "log_index")
);
--> statement-breakpoint
-- A transaction hash can be claimed once.
CREATE UNIQUE INDEX "deposits_claim_tx_key" ON "deposits" ("network", "tx_hash") WHERE "source" = 'claim';
--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" ("user_id", "id");
--> statement-breakpoint
CREATE INDEX "deposits_open_idx" ON "deposits" ("status") WHERE "status" IN ('pending', 'review');
--> statement-breakpoint

-- How far a follower has read a chain: the next block to read. Survives restarts; the leader alone advances it.
CREATE TABLE "chain_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"next_block" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
