// The support chat (0039_support_chat.sql, pictures 0049_support_attachments.sql): a conversation per user and its
// messages, ids in the order stored.
// Each side's unread count is the other side's messages after its last read id.
import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { SupportAuthor } from '#contract/support.ts'
import { users } from '../auth/auth.table.ts'
import { operators } from '../ops/ops.table.ts'
import { uploads } from '../uploads/uploads.table.ts'

export const supportConversations = pgTable(
  'support_conversations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: text('chat_id'),
    userReadId: bigint('user_read_id', { mode: 'number' }).notNull().default(0),
    staffReadId: bigint('staff_read_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_conversations_last_message_at_idx').on(t.lastMessageAt.desc().nullsLast(), t.id.desc())],
)

export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    author: text('author').$type<SupportAuthor>().notNull(),
    operatorId: uuid('operator_id').references(() => operators.id),
    /** Empty when the message is only a picture. */
    body: text('body').notNull(),
    /** The picture, an upload of purpose 'support' owned by the conversation's user. */
    uploadId: uuid('upload_id').references(() => uploads.id),
    clientKey: text('client_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('support_messages_author_check', sql`(${t.author} = 'user' AND ${t.operatorId} IS NULL) OR (${t.author} = 'staff' AND ${t.operatorId} IS NOT NULL)`),
    check('support_messages_content_check', sql`${t.body} <> '' OR ${t.uploadId} IS NOT NULL`),
    uniqueIndex('support_messages_client_key_idx').on(t.conversationId, t.author, t.clientKey),
    index('support_messages_conversation_id_idx').on(t.conversationId, t.id.desc()),
  ],
)
