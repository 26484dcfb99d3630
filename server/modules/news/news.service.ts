// News articles: readers page through the published ones and open one, in their language or the article's fallback;
// operators save drafts (each language's Markdown rendered to sanitised HTML once, here), publish and unpublish.
// Every operator change is audited in the same transaction (modules/ops/audit.ts). An article's cover and the
// pictures in its body are content pictures (modules/uploads); publishedContentImage serves one to readers only while
// published content (an article, a help answer, a document's current version) uses it.
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { contentImagePath } from '#contract/content-image.ts'
import { isLanguageCode, type LanguageCode } from '#contract/locales.ts'
import type { Article, ArticlePage, ArticleSummary } from '#contract/news.ts'
import type { ArticleDraft, OpsArticle } from '#contract/ops-news.ts'
import { AppError } from '../../app-error.ts'
import { renderMarkdown } from '../../content/markdown.ts'
import type { Db } from '../../db/client.ts'
import { audit, type Actor } from '../ops/audit.ts'
import { contentImageById, contentImagesByIds, toContentImage, type UploadRow } from '../uploads/uploads.service.ts'
import { articles, type StoredVersion } from './news.table.ts'

type Stored = typeof articles.$inferSelect
type Row = Stored & { cover: Pick<UploadRow, 'id' | 'width' | 'height'> | null }

/** The articles with their covers' sizes (one read of the upload store's rows for all of them). */
async function withCovers(db: Db, rows: Stored[]): Promise<Row[]> {
  const covers = await contentImagesByIds(db, rows.flatMap((r) => (r.coverUploadId ? [r.coverUploadId] : [])))
  return rows.map((r) => ({ ...r, cover: (r.coverUploadId && covers.get(r.coverUploadId)) || null }))
}

/** The reader's version: the language asked for when the article has it, else the fallback language's. */
function versionOf(row: Row, lang: string | undefined): { lang: LanguageCode; version: StoredVersion } {
  const asked = lang && isLanguageCode(lang) ? row.translations[lang] : undefined
  if (asked && isLanguageCode(lang)) return { lang, version: asked }
  return { lang: row.fallbackLang, version: row.translations[row.fallbackLang]! }
}

const summaryOf = (row: Row, lang: string | undefined): ArticleSummary & { html: string } => {
  const { lang: given, version } = versionOf(row, lang)
  return {
    id: String(row.id),
    title: version.title,
    summary: version.summary,
    cover: row.cover
      ? { src: contentImagePath(row.cover.id), width: row.cover.width, height: row.cover.height, alt: version.coverAlt || version.title }
      : null,
    publishedAt: row.publishedAt!.getTime(),
    lang: given,
    sample: row.sample,
    html: version.bodyHtml,
  }
}

const published = isNotNull(articles.publishedAt)

export async function articlePage(db: Db, query: { page: number; size: number }, lang: string | undefined): Promise<ArticlePage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(articles)
      .where(published)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(articles).where(published),
  ])
  const list = (await withCovers(db, rows)).map((row) => {
    const { html: _html, ...summary } = summaryOf(row, lang)
    return summary
  })
  return { list, total: total?.n ?? 0, page: query.page, size: query.size }
}

export async function publishedArticle(db: Db, id: string, lang: string | undefined): Promise<Article> {
  const [row] = await db.select().from(articles).where(and(eq(articles.id, Number(id)), published))
  if (!row) throw new AppError(404, 'articleNotFound')
  return summaryOf((await withCovers(db, [row]))[0]!, lang)
}

// ---- The console ----

const toOps = (row: Row): OpsArticle => ({
  id: String(row.id),
  fallbackLang: row.fallbackLang,
  cover: row.cover ? toContentImage(row.cover) : null,
  translations: row.translations,
  publishedAt: row.publishedAt ? row.publishedAt.getTime() : null,
  sample: row.sample,
  updatedAt: row.updatedAt.getTime(),
})

export async function opsArticlePage(db: Db, query: { page: number; size: number }) {
  const [rows, [total]] = await Promise.all([
    db.select().from(articles).orderBy(desc(articles.id)).limit(query.size).offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(articles),
  ])
  return { list: (await withCovers(db, rows)).map(toOps), total: total?.n ?? 0, page: query.page, size: query.size }
}

async function lockedArticle(tx: Db, id: string): Promise<Row> {
  const [row] = await tx.select().from(articles).where(eq(articles.id, Number(id))).for('update')
  if (!row) throw new AppError(404, 'articleNotFound')
  return (await withCovers(tx, [row]))[0]!
}

/** The saved row as the console sees it, its cover's size included. */
async function opsOf(db: Db, row: Stored): Promise<OpsArticle> {
  return toOps((await withCovers(db, [row]))[0]!)
}

/** Saves a new article (unpublished) or replaces an article's versions; a published one stays published. */
export async function saveArticle(app: FastifyInstance, operator: Actor, draft: ArticleDraft): Promise<OpsArticle> {
  const translations: Partial<Record<LanguageCode, StoredVersion>> = {}
  for (const [lang, version] of Object.entries(draft.translations)) {
    if (version) translations[lang as LanguageCode] = { ...version, bodyHtml: renderMarkdown(version.bodyMd) }
  }
  // The cover must be a content picture an operator uploaded (never a user's KYC photo or proof of deposit).
  const cover = draft.cover ? await contentImageById(app.db, draft.cover) : null
  if (draft.cover && !cover) throw new AppError(400, 'coverNotFound')
  const coverUploadId = cover?.id ?? null
  return app.db.transaction(async (tx) => {
    if (draft.id === undefined) {
      const [row] = await tx.insert(articles).values({ fallbackLang: draft.fallbackLang, translations, coverUploadId }).returning()
      const saved = await opsOf(tx, row!)
      await audit(tx, operator, { action: 'news.create', subject: `article:${saved.id}`, after: saved })
      return saved
    }
    const before = toOps(await lockedArticle(tx, draft.id))
    const [row] = await tx
      .update(articles)
      .set({ fallbackLang: draft.fallbackLang, translations, coverUploadId, updatedAt: sql`now()` })
      .where(eq(articles.id, Number(draft.id)))
      .returning()
    const saved = await opsOf(tx, row!)
    await audit(tx, operator, { action: 'news.edit', subject: `article:${saved.id}`, before, after: saved })
    return saved
  })
}

export async function publishArticle(app: FastifyInstance, operator: Actor, id: string, publish: boolean): Promise<OpsArticle> {
  return app.db.transaction(async (tx) => {
    const before = await lockedArticle(tx, id)
    // Publishing a published article keeps its date; unpublishing clears it, and publishing again dates it anew.
    const publishedAt = publish ? (before.publishedAt ?? new Date(app.now())) : null
    const [row] = await tx.update(articles).set({ publishedAt, updatedAt: sql`now()` }).where(eq(articles.id, Number(id))).returning()
    const saved = await opsOf(tx, row!)
    await audit(tx, operator, {
      action: publish ? 'news.publish' : 'news.unpublish',
      subject: `article:${id}`,
      before: { publishedAt: before.publishedAt?.getTime() ?? null },
      after: { publishedAt: saved.publishedAt },
    })
    return saved
  })
}

// ---- Readers' pictures ----

/**
 * A content picture that published content uses: the cover of a published article, or a picture in the body of a
 * published article, a help answer or a document's current version. Anything else (no such id, a user's picture, a
 * picture only a draft uses) is null, which the route answers exactly like a missing picture.
 */
export async function publishedContentImage(db: Db, id: string): Promise<UploadRow | null> {
  const row = await contentImageById(db, id)
  if (!row) return null
  // The id is a checked uuid, so the pattern holds no LIKE wildcards; bodies name pictures by CONTENT_IMAGE_PATH.
  const pattern = `%${contentImagePath(row.id)}%`
  const result = await db.execute(sql`
    SELECT EXISTS (
      SELECT 1 FROM articles
      WHERE published_at IS NOT NULL AND (cover_upload_id = ${row.id} OR translations::text LIKE ${pattern})
    ) OR EXISTS (
      SELECT 1 FROM help_answer_texts WHERE answer LIKE ${pattern}
    ) OR EXISTS (
      SELECT 1 FROM content_documents d
      WHERE d.body LIKE ${pattern} AND d.version = (SELECT max(c.version) FROM content_documents c WHERE c.type = d.type)
    ) AS used`)
  return (result as unknown as { rows: { used: boolean }[] }).rows[0]?.used ? row : null
}
