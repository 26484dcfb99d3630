// A user's messages (notifications), newest first by seq (the order they were stored in: two messages can share a
// created_at); read_at is null while unread. A message the system writes names its template (messages.service.ts
// MESSAGE_TEMPLATES) and is shown in the reader's language; title and body keep the English text. An operator's
// message has no template and is shown as written. A message of the order engine keeps its details in params
// (0037_message_params.sql), filled into its sentence when read; earlier ones have none.
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { MessageParams } from '#contract/messages.ts'
import { users } from '../auth/auth.table.ts'

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    template: text('template'),
    params: jsonb('params').$type<MessageParams>(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [index('messages_user_id_seq_idx').on(t.userId, t.seq.desc())],
)
