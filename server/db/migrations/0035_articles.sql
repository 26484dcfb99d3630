-- News articles (server/modules/news): operators write each language's title, summary and body in Markdown; the
-- server keeps the source and the sanitised HTML it rendered once (server/content/markdown.ts). A reader gets their
-- language, else the article's fallback language. Unpublished while published_at is null. `sample` marks the
-- sample content a fresh database offers; the sample-removal command deletes every row so marked.
CREATE TABLE "articles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"fallback_lang" text NOT NULL,
	"translations" jsonb NOT NULL,
	"cover_upload_id" uuid,
	"published_at" timestamp with time zone,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_translations_check" CHECK (jsonb_typeof("translations") = 'object' AND "translations" ? "fallback_lang")
);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_cover_upload_id_uploads_id_fk" FOREIGN KEY ("cover_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "articles_published_at_idx" ON "articles" USING btree ("published_at" DESC NULLS LAST,"id" DESC);
--> statement-breakpoint
INSERT INTO "articles" ("fallback_lang", "translations", "published_at", "sample") VALUES (
	'en_US',
	'{"en_US": {"title": "Sample article: replace before launch", "summary": "This sample shows how a news article looks. Replace it before launch.", "bodyMd": "This is **sample content**, marked *sample, replace before launch*.\n\nOperators write articles in the console in Markdown, one version per language:\n\n- a title and a short summary\n- a body with headings, lists, links and pictures\n\nDelete the sample content before launch.", "bodyHtml": "<p>This is <strong>sample content</strong>, marked <em>sample, replace before launch</em>.</p>\n<p>Operators write articles in the console in Markdown, one version per language:</p>\n<ul>\n<li>a title and a short summary</li>\n<li>a body with headings, lists, links and pictures</li>\n</ul>\n<p>Delete the sample content before launch.</p>\n"}}'::jsonb,
	now(),
	true
);
