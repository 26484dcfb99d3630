-- Whether an open position's opening fee has been posted to the house (fee:<orderNo>), kept on the row. Since 0021 an
-- opening's fee posts in the opening's own ledger call and a fill's fee in the fill's journal, so every new row starts
-- true. Rows opened by earlier versions whose fee journal is missing start false, and their close posts the fee first
-- (orders.money.ts settleCloses). Before, a process remembered the fees it had seen posted in memory: a close on
-- another process, or after a restart, had to post the fee journal again just in case.
ALTER TABLE orders ADD COLUMN fee_posted boolean NOT NULL DEFAULT true;
--> statement-breakpoint
UPDATE orders o SET fee_posted = false
  WHERE o.kind = 'contract' AND o.status = 'open' AND o.fee <> 0 AND o.linked_order_no IS NULL
    AND NOT EXISTS (SELECT 1 FROM journals j WHERE j.idempotency_key = 'fee:' || o.id);
