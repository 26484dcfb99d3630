-- Charity NFT auctions (server/modules/nfts, docs/nfts.md). A charity's money is a ledger account of its own: the
-- system kind `donations` in the live book, its row told apart by `shard` = the charity's id (the ledger's key column
-- for several rows of one house kind, 0026_house_shards.sql). No other code posts to `donations`, so every entry on
-- such a row is a settled auction or a purchase, and a charity's total is the sum of its entries.
-- A bid holds its amount in the bidder's live `bids` account; at most one bid per item leads (or won): the unique
-- partial index below makes "exactly one highest bid" a fact the database keeps, whatever races in the code.
CREATE TABLE "charities" (
	"id" smallint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 32767 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nft_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nft_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"charity_id" smallint NOT NULL,
	"image_upload_id" uuid NOT NULL,
	"fallback_lang" text NOT NULL,
	"translations" jsonb NOT NULL,
	"creator" text NOT NULL,
	"chain" text NOT NULL,
	"contract_address" text,
	"token_id" text,
	"currency" text NOT NULL,
	"reserve_price" numeric(38, 18) NOT NULL,
	"buy_now_price" numeric(38, 18),
	"min_step" numeric(38, 18) NOT NULL,
	"ends_at" bigint NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"ended_by" text,
	"winner_id" uuid,
	"owner_address" text,
	"sale_amount" numeric(38, 18),
	"settled_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "nft_items_status_check" CHECK ("status" IN ('live', 'sold', 'unsold')),
	CONSTRAINT "nft_items_ended_by_check" CHECK ("ended_by" IS NULL OR "ended_by" IN ('time', 'buy_now', 'operator')),
	CONSTRAINT "nft_items_prices_check" CHECK ("reserve_price" > 0 AND "min_step" > 0 AND ("buy_now_price" IS NULL OR "buy_now_price" >= "reserve_price")),
	CONSTRAINT "nft_items_sold_check" CHECK (("status" = 'sold') = ("winner_id" IS NOT NULL AND "sale_amount" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "nft_bids" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nft_bids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"request_key" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "nft_bids_status_check" CHECK ("status" IN ('leading', 'outbid', 'won')),
	CONSTRAINT "nft_bids_amount_check" CHECK ("amount" > 0),
	CONSTRAINT "nft_bids_request_key_unique" UNIQUE("request_key")
);
--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_charity_id_charities_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."charities"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_image_upload_id_uploads_id_fk" FOREIGN KEY ("image_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_currency_fkey" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "nft_bids" ADD CONSTRAINT "nft_bids_item_id_nft_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."nft_items"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "nft_bids" ADD CONSTRAINT "nft_bids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "nft_bids_one_leading_idx" ON "nft_bids" USING btree ("item_id") WHERE "status" IN ('leading', 'won');
--> statement-breakpoint
CREATE INDEX "nft_bids_user_id_idx" ON "nft_bids" USING btree ("user_id","id" DESC);
--> statement-breakpoint
CREATE INDEX "nft_bids_item_id_idx" ON "nft_bids" USING btree ("item_id","id" DESC);
--> statement-breakpoint
CREATE INDEX "nft_items_live_ends_at_idx" ON "nft_items" USING btree ("ends_at") WHERE "status" = 'live';
--> statement-breakpoint
CREATE INDEX "nft_items_charity_settled_idx" ON "nft_items" USING btree ("charity_id","settled_at" DESC) WHERE "status" = 'sold';
