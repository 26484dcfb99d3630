-- Identity verification and uploads (modules/uploads and modules/kyc). An upload is a picture a user sent,
-- re-encoded (no EXIF, no GPS) and stored as a file under UPLOAD_DIR; the row says whose it is and what it is for.
-- A verification is one submission of the identity form; the newest of a user's is their state. A user has at most
-- one submission pending or verified at a time (the partial unique index): a second submit while one waits is refused.
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_purpose_check" CHECK ("purpose" IN ('kyc', 'deposit')),
	CONSTRAINT "uploads_mime_check" CHECK ("mime" IN ('image/jpeg', 'image/png')),
	CONSTRAINT "uploads_size_check" CHECK ("size" > 0 AND "width" > 0 AND "height" > 0),
	CONSTRAINT "uploads_sha256_check" CHECK ("sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "uploads_user_id_idx" ON "uploads" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "kyc_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"sex" text NOT NULL,
	"birthdate" text NOT NULL,
	"country" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"document_type" text NOT NULL,
	"front_upload_id" uuid NOT NULL,
	"back_upload_id" uuid NOT NULL,
	"holding_upload_id" uuid NOT NULL,
	"reject_reason" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "kyc_verifications_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "kyc_verifications_state_check" CHECK ("state" IN ('pending', 'verified', 'rejected')),
	CONSTRAINT "kyc_verifications_sex_check" CHECK ("sex" IN ('male', 'female')),
	CONSTRAINT "kyc_verifications_document_type_check" CHECK ("document_type" IN ('id_card', 'passport')),
	CONSTRAINT "kyc_verifications_reason_check" CHECK (("state" = 'rejected') = ("reject_reason" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_front_upload_id_uploads_id_fk" FOREIGN KEY ("front_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_back_upload_id_uploads_id_fk" FOREIGN KEY ("back_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_holding_upload_id_uploads_id_fk" FOREIGN KEY ("holding_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "kyc_verifications_user_id_seq_idx" ON "kyc_verifications" USING btree ("user_id", "seq" DESC);
--> statement-breakpoint
CREATE INDEX "kyc_verifications_pending_idx" ON "kyc_verifications" USING btree ("seq") WHERE "state" = 'pending';
--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_verifications_one_open_idx" ON "kyc_verifications" USING btree ("user_id") WHERE "state" IN ('pending', 'verified');
