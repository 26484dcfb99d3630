-- This database's identity: one random id, made once. A deployment's Redis channels and keys start with a name
-- derived from it unless DEPLOYMENT_NAME says otherwise (server/realtime/deployment.ts), so two databases never share
-- channels by default, and a name already claimed on a Redis by another database is refused at start.
CREATE TABLE "deployment_identity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"one_row" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deployment_identity_one_row" UNIQUE ("one_row"),
	CONSTRAINT "deployment_identity_one_row_check" CHECK ("one_row")
);
--> statement-breakpoint
INSERT INTO "deployment_identity" DEFAULT VALUES;
