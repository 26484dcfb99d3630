-- The proven sender of a transfer wins it over a stranger's claim (deposits.claims.ts): a waiting claim from an
-- address its claimant never proved is closed when the sender's own claim arrives, and a stranger's claim an operator
-- already credited leaves the sender's claim waiting beside it, flagged, for an operator. So the keys hold what must
-- stay single, not every claim:
-- - one chain row per transfer (the follower records a transfer once, whatever it reads again);
-- - one waiting claim per transaction (a second claimant is decided on against it, under a lock);
-- - one credited claim per transaction: a claim credits what the whole transaction paid the house, so two credited
--   claims of one transaction would be its money twice, whoever approved or checked them.
DROP INDEX "deposits_transfer_key";--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_transfer_key" ON "deposits" ("network", "tx_hash", "log_index") WHERE "source" = 'chain' AND "status" <> 'rejected';--> statement-breakpoint
DROP INDEX "deposits_claim_tx_key";--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_claim_tx_key" ON "deposits" ("network", "tx_hash") WHERE "source" = 'claim' AND "status" IN ('pending', 'review');--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_credited_claim_key" ON "deposits" ("network", "tx_hash") WHERE "source" = 'claim' AND "status" = 'credited';
