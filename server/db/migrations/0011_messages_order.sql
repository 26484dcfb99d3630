-- Messages page newest first by the order they were stored in, not by created_at alone: two messages stored within
-- the clock's resolution (a millisecond on PGlite) had equal times, and their random ids put them in any order.
ALTER TABLE "messages" ADD COLUMN "seq" bigint GENERATED ALWAYS AS IDENTITY;
--> statement-breakpoint
DROP INDEX IF EXISTS "messages_user_id_created_at_idx";
--> statement-breakpoint
CREATE INDEX "messages_user_id_seq_idx" ON "messages" USING btree ("user_id", "seq" DESC);
