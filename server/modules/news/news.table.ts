// News articles (0035_articles.sql): each language's title, summary, Markdown source and the sanitised HTML rendered
// from it when saved (server/content/markdown.ts), keyed by language code; a reader without a version of their own
// gets fallback_lang's; each version may carry its cover's text alternative (coverAlt). The cover is a content picture
// of the upload store (0038_article_cover.sql). Unpublished while published_at is null. `sample` marks sample content to replace before launch.
import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { LanguageCode } from '#contract/locales.ts'
import { uploads } from '../uploads/uploads.table.ts'

export type StoredVersion = { title: string; summary: string; bodyMd: string; bodyHtml: string; coverAlt?: string | undefined }

export const articles = pgTable(
  'articles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fallbackLang: text('fallback_lang').$type<LanguageCode>().notNull(),
    translations: jsonb('translations').$type<Partial<Record<LanguageCode, StoredVersion>>>().notNull(),
    coverUploadId: uuid('cover_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    sample: boolean('sample').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('articles_translations_check', sql`jsonb_typeof(${t.translations}) = 'object' AND ${t.translations} ? ${t.fallbackLang}`),
    index('articles_published_at_idx').on(t.publishedAt.desc().nullsLast(), t.id.desc()),
  ],
)
