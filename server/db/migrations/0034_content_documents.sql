-- Published content (server/modules/content): legal documents per type, version and language; users' acceptances of
-- them (the live-money gate); help answers with their texts per language; partners. Rows with sample = true are the
-- sample set a fresh install ships, to be replaced before launch: `node server/cli.ts content remove-samples` deletes
-- every row marked sample in any table with that column. Samples are version 0 and never open live money.
CREATE TABLE "content_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"version" integer NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"published_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_documents_type_version_locale" UNIQUE("type","version","locale"),
	CONSTRAINT "content_documents_sample_version" CHECK ("sample" = ("version" = 0))
);
--> statement-breakpoint
CREATE TABLE "document_acceptances" (
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"version" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_acceptances_user_id_type_version_pk" PRIMARY KEY("user_id","type","version")
);
--> statement-breakpoint
ALTER TABLE "document_acceptances" ADD CONSTRAINT "document_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "help_answers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"category" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "help_answers_category_idx" ON "help_answers" USING btree ("category","position");
--> statement-breakpoint
CREATE TABLE "help_answer_texts" (
	"answer_id" bigint NOT NULL,
	"locale" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_answer_texts_answer_id_locale_pk" PRIMARY KEY("answer_id","locale")
);
--> statement-breakpoint
ALTER TABLE "help_answer_texts" ADD CONSTRAINT "help_answer_texts_answer_id_help_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."help_answers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"url" text,
	"position" integer DEFAULT 0 NOT NULL,
	"sample" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
INSERT INTO "content_documents" ("type", "version", "locale", "title", "body", "sample") VALUES
('terms', 0, 'en_US', 'Terms of service (sample)', E'**Sample, replace before launch.** This text shows where the platform''s terms of service appear. It is not a contract: live deposits and live orders stay closed until the operator publishes real terms.\n\n## What the terms cover\n\n- Who operates the platform and under which law\n- Who may open an account\n- How deposits, withdrawals and orders work, and their fees\n- How disputes are handled', true),
('risk', 0, 'en_US', 'Risk warning (sample)', E'**Sample, replace before launch.** Trading leveraged products carries a high level of risk: you can lose more than you expect, quickly. Only trade with money you can afford to lose.\n\nThe operator replaces this sample with the platform''s own risk warning before live money opens.', true),
('privacy', 0, 'en_US', 'Privacy policy (sample)', E'**Sample, replace before launch.** The privacy policy says which personal data the platform keeps (wallet address, e-mail, identity documents), why, for how long, and how to ask for a copy or deletion.', true),
('cookies', 0, 'en_US', 'Cookie policy (sample)', E'**Sample, replace before launch.** The cookie policy lists what the app keeps in your browser (your sign-in, your language, an invite code) and why.', true),
('legal', 0, 'en_US', 'Legal statement (sample)', E'**Sample, replace before launch.** The legal statement names the company behind the platform, its registered address and its registration number.', true),
('disclaimer', 0, 'en_US', 'Disclaimer (sample)', E'**Sample, replace before launch.** Nothing on this platform is investment advice. Past performance does not guarantee future results.', true),
('advertising', 0, 'en_US', 'About advertising (sample)', E'**Sample, replace before launch.** This page says how the platform advertises and how to report an advertisement that uses its name.', true),
('support', 0, 'en_US', 'Contact us (sample)', E'**Sample, replace before launch.** The operator publishes here how to reach support: an e-mail address, opening hours and the live chat.', true);
--> statement-breakpoint
INSERT INTO "help_answers" ("category", "position", "sample") VALUES ('start', 0, true), ('funds', 0, true), ('trading', 0, true);
--> statement-breakpoint
INSERT INTO "help_answer_texts" ("answer_id", "locale", "question", "answer")
SELECT "id", 'en_US', q.question, q.answer FROM "help_answers" a JOIN (VALUES
('start', 'What is the demo account? (sample)', E'**Sample, replace before launch.** Every new account has a demo book with virtual money, so you can try trading without risk. Switch between demo and live from your account page.'),
('funds', 'How do I deposit? (sample)', E'**Sample, replace before launch.** Open **Account → Deposit**, choose a currency and network, send the funds to the address shown and submit the transaction hash.'),
('trading', 'What is leverage? (sample)', E'**Sample, replace before launch.** Leverage lets you open a position larger than your margin. It multiplies gains and losses alike.')
) AS q(category, question, answer) ON q.category = a.category WHERE a.sample;
