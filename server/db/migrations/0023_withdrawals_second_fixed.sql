-- Whether a withdrawal needs a second operator is decided when the user asks for it (the network's amount at that
-- moment) and kept with it: raising the amount later cannot let one operator pay a large withdrawal alone. Rows
-- decided before keep what happened; open rows take today's amount.
ALTER TABLE "withdrawals" ADD COLUMN "needs_second" boolean;
--> statement-breakpoint
UPDATE "withdrawals" w SET "needs_second" = CASE
    WHEN w."status" IN ('paid', 'rejected') THEN w."first_operator_id" IS NOT NULL
    ELSE w."status" = 'awaiting_second' OR coalesce(w."amount" > n."withdraw_second_confirm_above", false)
  END
  FROM "funds_networks" n WHERE n."currency" = w."currency" AND n."network" = w."network";
--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "needs_second" SET NOT NULL;
--> statement-breakpoint
-- Four eyes held by the database: a withdrawal that needs two is paid only after a first, different operator approved.
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_needs_second_check"
  CHECK ("status" <> 'paid' OR NOT "needs_second" OR "first_operator_id" IS NOT NULL);
