-- Candles of bid prices per symbol and interval (time = the interval's start, epoch ms), written by the leading
-- process from the ticks it hears; and each user's favourite symbols, in the order they were added (seq).
CREATE TABLE "market_candles" (
	"symbol" text NOT NULL,
	"interval" text NOT NULL,
	"time" bigint NOT NULL,
	"open" numeric NOT NULL,
	"high" numeric NOT NULL,
	"low" numeric NOT NULL,
	"close" numeric NOT NULL,
	CONSTRAINT "market_candles_pkey" PRIMARY KEY ("symbol", "interval", "time"),
	CONSTRAINT "market_candles_interval_check" CHECK ("interval" IN ('1m', '5m', '15m', '1h', '1d')),
	CONSTRAINT "market_candles_range_check" CHECK ("low" <= "open" AND "low" <= "close" AND "high" >= "open" AND "high" >= "close")
);
--> statement-breakpoint
CREATE TABLE "market_favourites" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"symbol" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY,
	CONSTRAINT "market_favourites_pkey" PRIMARY KEY ("user_id", "symbol")
);
--> statement-breakpoint
CREATE INDEX "market_favourites_user_id_seq_idx" ON "market_favourites" USING btree ("user_id", "seq");
