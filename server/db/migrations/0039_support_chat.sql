-- Keelson's own support chat (server/modules/support): one conversation per user and its messages. `author` is
-- 'staff' only for an operator's reply (operator_id set): the app's verified-staff badge reads it, never the text.
-- Unread counts are the messages after each side's last read id. `client_key` makes a retried send store one
-- message. `chat_id` caches a hosted chat provider's id (/api/cacheChatId) so that chat resumes on any device.
CREATE TABLE "support_conversations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"chat_id" text,
	"user_read_id" bigint DEFAULT 0 NOT NULL,
	"staff_read_id" bigint DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_conversations_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" bigint NOT NULL,
	"author" text NOT NULL,
	"operator_id" uuid,
	"body" text NOT NULL,
	"client_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_author_check" CHECK (("author" = 'user' AND "operator_id" IS NULL) OR ("author" = 'staff' AND "operator_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "support_messages_client_key_idx" ON "support_messages" USING btree ("conversation_id","author","client_key");
--> statement-breakpoint
CREATE INDEX "support_messages_conversation_id_idx" ON "support_messages" USING btree ("conversation_id","id" DESC);
--> statement-breakpoint
CREATE INDEX "support_conversations_last_message_at_idx" ON "support_conversations" USING btree ("last_message_at" DESC NULLS LAST,"id" DESC);
