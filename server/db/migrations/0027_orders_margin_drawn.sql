-- What a row's close, cancel or fill changed in what the book's margin account lacks of its live orders' margin
-- (docs/trading-account.md, "Loss protection"): a loss larger than its position's margin and the book's cash is
-- taken from the book's other margin before the house absorbs anything; the book's sum of this column is what its
-- margin account lacks, and the orders' sub-ledger (orders.subledger.ts) checks it exactly.
ALTER TABLE "orders" ADD COLUMN "margin_drawn" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_margin_drawn_idx" ON "orders" USING btree ("user_id","book") WHERE "orders"."margin_drawn" <> 0;
