-- Pictures in the support chat (docs/api.md, "Support chat"). A picture a user attaches is their upload with purpose
-- 'support' (POST /api/imgUpload); one an operator attaches (POST /api/ops/support/attachment) is stored as the
-- conversation's user's too, with the operator in operator_id, so the user reads it at /api/upload/<id> like their
-- own. A message carries text, a picture, or both; never neither.
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_purpose_check";--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_purpose_check" CHECK ("uploads"."purpose" IN ('kyc', 'deposit', 'content', 'support'));--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "upload_id" uuid;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_content_check" CHECK ("support_messages"."body" <> '' OR "support_messages"."upload_id" IS NOT NULL);
