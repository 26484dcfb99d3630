// Published content: documents (one row per type, version and language), users' acceptances of them, help answers
// with their texts per language, and partners. A row with `sample = true` is part of the sample set a fresh install
// ships ('sample, replace before launch'); `node server/cli.ts content remove-samples` deletes every such row in any
// table that has the column (docs/operations.md).
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.ts'

export const contentDocuments = pgTable(
  'content_documents',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    version: integer('version').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    /** Markdown, rendered and sanitised on read (server/content/markdown.ts). */
    body: text('body').notNull(),
    sample: boolean('sample').notNull().default(false),
    publishedBy: text('published_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('content_documents_type_version_locale').on(t.type, t.version, t.locale)],
)

export const documentAcceptances = pgTable(
  'document_acceptances',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    version: integer('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type, t.version] })],
)

export const helpAnswers = pgTable(
  'help_answers',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    category: text('category').notNull(),
    position: integer('position').notNull().default(0),
    sample: boolean('sample').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('help_answers_category_idx').on(t.category, t.position)],
)

export const helpAnswerTexts = pgTable(
  'help_answer_texts',
  {
    answerId: bigint('answer_id', { mode: 'bigint' })
      .notNull()
      .references(() => helpAnswers.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    question: text('question').notNull(),
    /** Markdown. */
    answer: text('answer').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.answerId, t.locale] })],
)

export const partners = pgTable('partners', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  url: text('url'),
  position: integer('position').notNull().default(0),
  sample: boolean('sample').notNull().default(false),
})
