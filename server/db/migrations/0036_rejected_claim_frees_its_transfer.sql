-- A rejected claim no longer holds its transfer: a claim an operator rejected (a stranger's claim of someone else's
-- public transaction hash) let nobody claim the transfer again, so its real sender got "already claimed" for ever.
-- Both keys now hold only rows that are not rejected; a credited or waiting row still keeps the transfer one-owner.
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_transfer_key";--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_transfer_key" ON "deposits" ("network", "tx_hash", "log_index") WHERE "status" <> 'rejected';--> statement-breakpoint
DROP INDEX "deposits_claim_tx_key";--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_claim_tx_key" ON "deposits" ("network", "tx_hash") WHERE "source" = 'claim' AND "status" <> 'rejected';
