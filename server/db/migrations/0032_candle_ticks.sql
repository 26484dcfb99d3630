-- Tick volume: each candle counts the quote updates that fell in it (server/market/candles.ts), since the feed has no
-- traded volume. Candles stored before this count 0 (nobody counted them); the simulated past made from now on has
-- simulated counts (server/market/candles-history.ts).
ALTER TABLE "market_candles" ADD COLUMN "ticks" integer DEFAULT 0 NOT NULL;
