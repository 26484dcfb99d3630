-- Proof of liabilities (server/modules/liabilities, docs/proof-of-liabilities.md): once a day the leader builds a
-- Merkle sum tree of what every user is owed on the live book and publishes its root. A published snapshot is an
-- append-only record, kept the way the ledger keeps its journals (0004_ledger_rules.sql): no UPDATE, DELETE or
-- TRUNCATE, whatever the code does. One snapshot per UTC day: `day` is unique, so a second run that day, or a second
-- process, publishes nothing. Its leaves (each user's secret salt) and nodes are never changed either; they may be
-- deleted one day to save room, which only takes away old proofs, never a published root.
CREATE TABLE "liability_snapshots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "liability_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"root" text NOT NULL,
	"currencies" jsonb NOT NULL,
	"leaf_count" integer NOT NULL,
	CONSTRAINT "liability_snapshots_day_unique" UNIQUE("day"),
	CONSTRAINT "liability_snapshots_root_check" CHECK ("root" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "liability_snapshots_leaf_count_check" CHECK ("leaf_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "liability_leaves" (
	"snapshot_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"idx" integer NOT NULL,
	"salt" text NOT NULL,
	CONSTRAINT "liability_leaves_snapshot_id_user_id_pk" PRIMARY KEY("snapshot_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "liability_nodes" (
	"snapshot_id" bigint NOT NULL,
	"level" smallint NOT NULL,
	"idx" integer NOT NULL,
	"hash" text NOT NULL,
	"sums" text NOT NULL,
	CONSTRAINT "liability_nodes_snapshot_id_level_idx_pk" PRIMARY KEY("snapshot_id","level","idx")
);
--> statement-breakpoint
ALTER TABLE "liability_leaves" ADD CONSTRAINT "liability_leaves_snapshot_id_liability_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liability_snapshots"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "liability_nodes" ADD CONSTRAINT "liability_nodes_snapshot_id_liability_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liability_snapshots"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION liabilities_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'liabilities: % is append-only (% refused)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'integrity_constraint_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER liability_snapshots_append_only BEFORE UPDATE OR DELETE ON liability_snapshots FOR EACH ROW EXECUTE FUNCTION liabilities_append_only();
--> statement-breakpoint
CREATE TRIGGER liability_snapshots_no_truncate BEFORE TRUNCATE ON liability_snapshots FOR EACH STATEMENT EXECUTE FUNCTION liabilities_append_only();
--> statement-breakpoint
CREATE TRIGGER liability_leaves_no_update BEFORE UPDATE ON liability_leaves FOR EACH ROW EXECUTE FUNCTION liabilities_append_only();
--> statement-breakpoint
CREATE TRIGGER liability_nodes_no_update BEFORE UPDATE ON liability_nodes FOR EACH ROW EXECUTE FUNCTION liabilities_append_only();
