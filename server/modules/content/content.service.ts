// Reading published content in the reader's language. A document's current version is its highest; its text is the
// reader's language at that version, else English, else the first language published (the answer says which, and
// that it is a fallback). Help answers fall back the same way, answer by answer. The help set is small (tens to a few
// hundred answers), so it is read whole and filtered here: the search matches the served text in any script.
import { and, asc, eq, sql } from 'drizzle-orm'
import { isDocumentType, HELP_CATEGORIES, type Document, type DocumentSummary, type HelpAnswer, type HelpCategory, type HelpText, type Partner } from '#contract/content.ts'
import { DEFAULT_LANGUAGE, isLanguageCode, toBcp47, type LanguageCode } from '#contract/locales.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { renderMarkdown } from '../../content/markdown.ts'
import { contentDocuments, helpAnswers, helpAnswerTexts, partners } from './content.table.ts'

type DocumentRow = typeof contentDocuments.$inferSelect

export const readerLanguage = (header: string | undefined): LanguageCode => (isLanguageCode(header) ? header : DEFAULT_LANGUAGE)

/** The row of `rows` (one text per language) to show a reader of `lang`. */
export function pickLanguage<T extends { locale: string }>(rows: T[], lang: LanguageCode): T | undefined {
  return (
    rows.find((r) => r.locale === lang) ??
    rows.find((r) => r.locale === DEFAULT_LANGUAGE) ??
    [...rows].sort((a, b) => a.locale.localeCompare(b.locale))[0]
  )
}

/** Every language's text of the current version of each published type (of `type` only, when given). */
async function currentRows(db: Db, type?: string): Promise<Map<string, DocumentRow[]>> {
  const rows = await db
    .select()
    .from(contentDocuments)
    .where(
      and(
        type ? eq(contentDocuments.type, type) : undefined,
        sql`${contentDocuments.version} = (SELECT max(d.version) FROM content_documents d WHERE d.type = ${contentDocuments.type})`,
      ),
    )
  const byType = new Map<string, DocumentRow[]>()
  for (const row of rows) byType.set(row.type, [...(byType.get(row.type) ?? []), row])
  return byType
}

function summaryOf(row: DocumentRow, lang: LanguageCode): DocumentSummary {
  return {
    type: row.type as DocumentSummary['type'],
    version: row.version,
    title: row.title,
    locale: row.locale as LanguageCode,
    fallback: row.locale !== lang,
    sample: row.sample,
    updatedAt: row.updatedAt.getTime(),
  }
}

export async function publishedDocuments(db: Db, lang: LanguageCode): Promise<DocumentSummary[]> {
  const byType = await currentRows(db)
  return [...byType.values()].map((rows) => summaryOf(pickLanguage(rows, lang)!, lang)).sort((a, b) => a.type.localeCompare(b.type))
}

/** One document in the reader's language; null while its type is unpublished; 404 for a type that does not exist. */
export async function documentOf(db: Db, type: string, lang: LanguageCode): Promise<Document | null> {
  if (!isDocumentType(type)) throw new AppError(404, 'documentUnknown')
  const rows = (await currentRows(db, type)).get(type)
  const row = rows && pickLanguage(rows, lang)
  return row ? { ...summaryOf(row, lang), html: renderMarkdown(row.body) } : null
}

type HelpQueryInput = { page: number; size: number; category?: HelpCategory | undefined; q?: string | undefined; id?: string | undefined }

export async function helpText(db: Db, query: HelpQueryInput, lang: LanguageCode): Promise<HelpText> {
  const rows = await db
    .select({
      id: helpAnswers.id,
      category: helpAnswers.category,
      position: helpAnswers.position,
      sample: helpAnswers.sample,
      locale: helpAnswerTexts.locale,
      question: helpAnswerTexts.question,
      answer: helpAnswerTexts.answer,
      updatedAt: helpAnswerTexts.updatedAt,
    })
    .from(helpAnswers)
    .innerJoin(helpAnswerTexts, eq(helpAnswerTexts.answerId, helpAnswers.id))
    .orderBy(asc(helpAnswers.position), asc(helpAnswers.id))
  const byAnswer = new Map<bigint, typeof rows>()
  for (const row of rows) byAnswer.set(row.id, [...(byAnswer.get(row.id) ?? []), row])
  const served = [...byAnswer.values()].map((texts) => pickLanguage(texts, lang)!)
  served.sort((a, b) => HELP_CATEGORIES.indexOf(a.category as HelpCategory) - HELP_CATEGORIES.indexOf(b.category as HelpCategory))
  const categories = HELP_CATEGORIES.map((category) => ({ category, count: served.filter((r) => r.category === category).length })).filter((c) => c.count > 0)
  let hits = served
  if (query.id !== undefined) {
    hits = served.filter((r) => String(r.id) === query.id)
    if (hits.length === 0) throw new AppError(404, 'helpAnswerNotFound')
  }
  if (query.category) hits = hits.filter((r) => r.category === query.category)
  const tag = toBcp47(lang)
  const words = (query.q ?? '').toLocaleLowerCase(tag).split(/\s+/).filter(Boolean)
  if (words.length > 0) {
    hits = hits.filter((r) => {
      const text = `${r.question}\n${r.answer}`.toLocaleLowerCase(tag)
      return words.every((w) => text.includes(w))
    })
  }
  const list: HelpAnswer[] = hits.slice((query.page - 1) * query.size, query.page * query.size).map((r) => ({
    id: String(r.id),
    category: r.category as HelpCategory,
    question: r.question,
    html: renderMarkdown(r.answer),
    locale: r.locale as LanguageCode,
    fallback: r.locale !== lang,
    sample: r.sample,
    updatedAt: r.updatedAt.getTime(),
  }))
  return { list, total: hits.length, page: query.page, size: query.size, categories }
}

export async function partnerList(db: Db): Promise<Partner[]> {
  const rows = await db.select().from(partners).orderBy(asc(partners.position), asc(partners.id))
  return rows.map((r) => ({ id: String(r.id), name: r.name, url: r.url }))
}
