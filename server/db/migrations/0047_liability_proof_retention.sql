-- Proof of liabilities history (docs/proof-of-liabilities.md, "History and retention"): a user may open the proof of
-- any snapshot whose leaves and nodes are still kept; after the retention period (LIABILITY_PROOF_RETENTION_DAYS) the
-- leader deletes them, which takes away that snapshot's proofs and never its published root, totals or time.
-- A pruned snapshot is recorded here first, in the transaction that deletes its leaves and nodes, and the record is
-- append-only like the snapshots themselves: the app can say "pruned" for sure, and nothing un-prunes a snapshot.
CREATE TABLE "liability_pruned" (
	"snapshot_id" bigint PRIMARY KEY NOT NULL,
	"pruned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "liability_pruned_snapshot_id_liability_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liability_snapshots"("id") ON DELETE no action ON UPDATE no action
);
--> statement-breakpoint
CREATE TRIGGER liability_pruned_append_only BEFORE UPDATE OR DELETE ON liability_pruned FOR EACH ROW EXECUTE FUNCTION liabilities_append_only();
--> statement-breakpoint
CREATE TRIGGER liability_pruned_no_truncate BEFORE TRUNCATE ON liability_pruned FOR EACH STATEMENT EXECUTE FUNCTION liabilities_append_only();
--> statement-breakpoint
-- Leaves and nodes are deleted only for a snapshot recorded as pruned: a DELETE of anything else fails, so no code
-- can take away proofs the app still says are there. Checked once per statement, on the rows it deleted (a
-- snapshot's millions of rows go in one statement, with one anti-join here, not a lookup per row).
CREATE FUNCTION liabilities_delete_pruned_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_snapshot bigint;
BEGIN
  SELECT g.snapshot_id INTO v_snapshot FROM gone g
    WHERE NOT EXISTS (SELECT 1 FROM liability_pruned p WHERE p.snapshot_id = g.snapshot_id) LIMIT 1;
  IF v_snapshot IS NOT NULL THEN
    RAISE EXCEPTION 'liabilities: % of snapshot % are kept until it is recorded as pruned (DELETE refused)', TG_TABLE_NAME, v_snapshot
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER liability_leaves_delete_pruned_only AFTER DELETE ON liability_leaves REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION liabilities_delete_pruned_only();
--> statement-breakpoint
CREATE TRIGGER liability_nodes_delete_pruned_only AFTER DELETE ON liability_nodes REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION liabilities_delete_pruned_only();
--> statement-breakpoint
CREATE TRIGGER liability_leaves_no_truncate BEFORE TRUNCATE ON liability_leaves FOR EACH STATEMENT EXECUTE FUNCTION liabilities_append_only();
--> statement-breakpoint
CREATE TRIGGER liability_nodes_no_truncate BEFORE TRUNCATE ON liability_nodes FOR EACH STATEMENT EXECUTE FUNCTION liabilities_append_only();
