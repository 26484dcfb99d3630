// The console's content actions: publish a document version or translation (compliance), write help answers and
// partners (support). Each change and its audit row commit in one transaction (modules/ops/audit.ts).
import { and, asc, desc, eq, max, sql } from 'drizzle-orm'
import type { OpsDocumentRow, OpsHelpAnswer, OpsPartner, PublishDocument, SaveHelpAnswer, SavePartner } from '#contract/ops-content.ts'
import type { DocumentType, HelpCategory } from '#contract/content.ts'
import type { LanguageCode } from '#contract/locales.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { audit, type Actor } from '../ops/audit.ts'
import { contentDocuments, helpAnswers, helpAnswerTexts, partners } from './content.table.ts'

const documentRow = (r: typeof contentDocuments.$inferSelect): OpsDocumentRow => ({
  type: r.type as DocumentType,
  version: r.version,
  locale: r.locale as LanguageCode,
  title: r.title,
  body: r.body,
  sample: r.sample,
  publishedBy: r.publishedBy,
  updatedAt: r.updatedAt.getTime(),
})

/** Every text of every version, newest version first. */
export async function opsDocuments(db: Db): Promise<OpsDocumentRow[]> {
  const rows = await db.select().from(contentDocuments).orderBy(asc(contentDocuments.type), desc(contentDocuments.version), asc(contentDocuments.locale))
  return rows.map(documentRow)
}

export async function publishDocument(db: Db, actor: Actor, body: PublishDocument, now: Date): Promise<OpsDocumentRow> {
  return db.transaction(async (tx) => {
    // One publisher at a time per type, so two new versions never take the same number.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`content_documents:${body.type}`}, 7351005))`)
    const [current] = await tx
      .select({ version: max(contentDocuments.version) })
      .from(contentDocuments)
      .where(and(eq(contentDocuments.type, body.type), eq(contentDocuments.sample, false)))
    const latest = current?.version ?? null
    const version = latest === null ? 1 : body.newVersion ? latest + 1 : latest
    const [before] = await tx
      .select()
      .from(contentDocuments)
      .where(and(eq(contentDocuments.type, body.type), eq(contentDocuments.version, version), eq(contentDocuments.locale, body.locale)))
    const values = { type: body.type, version, locale: body.locale, title: body.title, body: body.body, sample: false, publishedBy: actor.name, updatedAt: now }
    const [row] = await tx
      .insert(contentDocuments)
      .values(values)
      .onConflictDoUpdate({ target: [contentDocuments.type, contentDocuments.version, contentDocuments.locale], set: { title: values.title, body: values.body, publishedBy: actor.name, updatedAt: now } })
      .returning()
    await audit(tx, actor, {
      action: 'content.publishDocument',
      subject: `document:${body.type}`,
      before: before ? { version: before.version, locale: before.locale, title: before.title } : null,
      after: { version, locale: body.locale, title: body.title, newVersion: version !== latest },
    })
    return documentRow(row!)
  })
}

export async function opsHelp(db: Db): Promise<OpsHelpAnswer[]> {
  const answers = await db.select().from(helpAnswers).orderBy(asc(helpAnswers.category), asc(helpAnswers.position), asc(helpAnswers.id))
  const texts = await db.select().from(helpAnswerTexts).orderBy(asc(helpAnswerTexts.locale))
  return answers.map((a) => ({
    id: String(a.id),
    category: a.category as HelpCategory,
    position: a.position,
    sample: a.sample,
    texts: texts.filter((t) => t.answerId === a.id).map((t) => ({ locale: t.locale as LanguageCode, question: t.question, answer: t.answer })),
    updatedAt: a.updatedAt.getTime(),
  }))
}

export async function saveHelpAnswer(db: Db, actor: Actor, body: SaveHelpAnswer, now: Date): Promise<OpsHelpAnswer> {
  const id = await db.transaction(async (tx) => {
    let answerId: bigint
    if (body.id === undefined) {
      const [row] = await tx.insert(helpAnswers).values({ category: body.category, position: body.position, updatedAt: now }).returning({ id: helpAnswers.id })
      answerId = row!.id
    } else {
      const [row] = await tx
        .update(helpAnswers)
        .set({ category: body.category, position: body.position, updatedAt: now })
        .where(eq(helpAnswers.id, BigInt(body.id)))
        .returning({ id: helpAnswers.id })
      if (!row) throw new AppError(404, 'helpAnswerNotFound')
      answerId = row.id
    }
    const text = { answerId, locale: body.locale, question: body.question, answer: body.answer, updatedAt: now }
    await tx
      .insert(helpAnswerTexts)
      .values(text)
      .onConflictDoUpdate({ target: [helpAnswerTexts.answerId, helpAnswerTexts.locale], set: { question: text.question, answer: text.answer, updatedAt: now } })
    await audit(tx, actor, { action: 'content.saveHelpAnswer', subject: `help:${answerId}`, after: { category: body.category, locale: body.locale, question: body.question } })
    return answerId
  })
  return (await opsHelp(db)).find((a) => a.id === String(id))!
}

export async function removeHelpAnswer(db: Db, actor: Actor, id: string): Promise<null> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(helpAnswers).where(eq(helpAnswers.id, BigInt(id))).returning()
    if (!row) throw new AppError(404, 'helpAnswerNotFound')
    await audit(tx, actor, { action: 'content.removeHelpAnswer', subject: `help:${id}`, before: { category: row.category } })
  })
  return null
}

const partnerRow = (r: typeof partners.$inferSelect): OpsPartner => ({ id: String(r.id), name: r.name, url: r.url, position: r.position, sample: r.sample })

export async function opsPartners(db: Db): Promise<OpsPartner[]> {
  return (await db.select().from(partners).orderBy(asc(partners.position), asc(partners.id))).map(partnerRow)
}

export async function savePartner(db: Db, actor: Actor, body: SavePartner): Promise<OpsPartner> {
  return db.transaction(async (tx) => {
    const values = { name: body.name, url: body.url, position: body.position }
    const [row] =
      body.id === undefined
        ? await tx.insert(partners).values(values).returning()
        : await tx.update(partners).set(values).where(eq(partners.id, BigInt(body.id))).returning()
    if (!row) throw new AppError(404, 'partnerNotFound')
    await audit(tx, actor, { action: 'content.savePartner', subject: `partner:${row.id}`, after: values })
    return partnerRow(row)
  })
}

export async function removePartner(db: Db, actor: Actor, id: string): Promise<null> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(partners).where(eq(partners.id, BigInt(id))).returning()
    if (!row) throw new AppError(404, 'partnerNotFound')
    await audit(tx, actor, { action: 'content.removePartner', subject: `partner:${id}`, before: { name: row.name } })
  })
  return null
}
