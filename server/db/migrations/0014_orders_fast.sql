-- A user's close settles its P/L with the house trading_counterparty in a journal of its own (pl:<order no>), posted
-- after the close commits through the ledger's batches, so closes no longer queue on the one house row for a whole
-- transaction. The close's transaction marks the row; the mark is cleared once pl:<no> is posted. A row still marked
-- a while after its close (a crash in between) is settled by the sweep (orders.settlement.ts), once: the key is unique.
ALTER TABLE "orders" ADD COLUMN "settlement_pending" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX "orders_settlement_pending_idx" ON "orders" USING btree ("id") WHERE "settlement_pending";
