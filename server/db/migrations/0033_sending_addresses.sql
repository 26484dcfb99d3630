-- Sending addresses a user proved to hold by signing a message with them (server/modules/funds/sending-addresses.ts):
-- a deposit claim of a transfer from one of them is credited without an operator, like one from the sign-in wallet.
-- Rows are never deleted: removal stamps removed_at, and the signed message and signature stay as the proof an
-- operator can read later. One active row per user and address (lower case).
CREATE TABLE "sending_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"nonce" text NOT NULL,
	"message" text NOT NULL,
	"signature" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sending_addresses" ADD CONSTRAINT "sending_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "sending_addresses_active_idx" ON "sending_addresses" USING btree ("user_id", lower("address")) WHERE "removed_at" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "sending_addresses_nonce_idx" ON "sending_addresses" USING btree ("nonce");
--> statement-breakpoint
-- The one-time messages handed out to be signed: each names the user, the address, a random nonce and its expiry,
-- and is used once (used_at). Expired ones are pruned when new ones are issued.
CREATE TABLE "sending_address_challenges" (
	"nonce" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"message" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sending_address_challenges" ADD CONSTRAINT "sending_address_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "sending_address_challenges_expires_at_idx" ON "sending_address_challenges" USING btree ("expires_at");
