-- Contract positions and limit orders (server/modules/orders). One row per order; a limit order that fills opens a
-- new contract row linked both ways. Money never lives here: margin, fees and P/L move through the ledger, and each
-- row's state change commits in the same transaction as its journal, whose idempotency key is derived from the
-- order number and the event (close:<no>, fill:<no>, cancel:<no>), so an event settles once whoever runs it.
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (START WITH 10000001),
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"book" text NOT NULL,
	"kind" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"lots" numeric(38, 18) NOT NULL,
	"leverage" integer NOT NULL,
	"status" text NOT NULL,
	"limit_price" numeric(38, 18),
	"open_price" numeric(38, 18),
	"close_price" numeric(38, 18),
	"take_profit" numeric(38, 18),
	"stop_loss" numeric(38, 18),
	"margin" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"profit" numeric(38, 18) DEFAULT '0' NOT NULL,
	"margin_currency" text NOT NULL,
	"open_time" bigint,
	"close_time" bigint,
	"create_time" bigint NOT NULL,
	"close_reason" text,
	"close_margin_level" numeric(38, 18),
	"linked_order_no" bigint,
	-- What opened the row: the caller's derived Idempotency-Key, or fill:<limit no> for a filled limit's position.
	"open_key" text NOT NULL,
	CONSTRAINT "orders_open_key_unique" UNIQUE ("open_key"),
	CONSTRAINT "orders_book_check" CHECK ("book" IN ('demo', 'live')),
	CONSTRAINT "orders_kind_check" CHECK ("kind" IN ('contract', 'limit')),
	CONSTRAINT "orders_side_check" CHECK ("side" IN ('buy', 'sell')),
	CONSTRAINT "orders_status_check" CHECK (
		("kind" = 'contract' AND "status" IN ('open', 'closed')) OR ("kind" = 'limit' AND "status" IN ('pending', 'filled', 'cancelled'))),
	CONSTRAINT "orders_close_reason_check" CHECK ("close_reason" IS NULL OR "close_reason" IN ('user', 'take_profit', 'stop_loss', 'stop_out'))
);
--> statement-breakpoint
CREATE INDEX "orders_user_book_kind_status_idx" ON "orders" USING btree ("user_id", "book", "kind", "status", "id" DESC);
--> statement-breakpoint
CREATE INDEX "orders_user_book_id_idx" ON "orders" USING btree ("user_id", "book", "id" DESC);
--> statement-breakpoint
-- The engine rebuilds its trigger indexes from the live rows only.
CREATE INDEX "orders_live_idx" ON "orders" USING btree ("symbol") WHERE "status" IN ('open', 'pending');
