-- Pictures operators put in content (an article's cover, a picture in an article's body): stored in the upload store
-- like users' pictures (re-encoded, no metadata), with purpose 'content', uploaded by an operator instead of a user.
-- A content picture has no user; every other picture still has one. Served to anyone only while published content
-- refers to it (GET /api/contentImage/<id>, modules/news).
ALTER TABLE "uploads" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "operator_id" uuid;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_purpose_check";--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_purpose_check" CHECK ("uploads"."purpose" IN ('kyc', 'deposit', 'content'));--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_check" CHECK (("uploads"."purpose" = 'content') = ("uploads"."user_id" IS NULL));
