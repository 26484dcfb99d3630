// The live-money gate: a live deposit claim, a live order or a live product purchase needs real (non-sample) terms
// and a risk warning, and the user's acceptance of their current versions. requireLiveTerms() is the one check the
// money paths call; it answers 409 with a translated reason and, in `data`, what to read (LegalRefusal), so the app
// offers "Read and accept". The demo book is never gated.
import type { FastifyInstance } from 'fastify'
import { and, eq, inArray, max, sql } from 'drizzle-orm'
import { GATE_DOCUMENTS, type AcceptDocuments, type LegalRefusal, type LegalStatus } from '#contract/content.ts'
import type { LanguageCode } from '#contract/locales.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { contentDocuments, documentAcceptances } from './content.table.ts'
import { pickLanguage } from './content.service.ts'

type GateType = (typeof GATE_DOCUMENTS)[number]

/** The e2e server's switch (test hooks only, content.test-hooks.ts); otherwise the app's `legalGate` option rules. */
const overrides = new WeakMap<FastifyInstance, boolean>()
export const setLegalGate = (app: FastifyInstance, on: boolean) => overrides.set(app, on)
const gateOn = (app: FastifyInstance) => overrides.get(app) ?? app.conf.legalGate

/** The current real version of each gate document; absent while only a sample (or nothing) is published. */
async function gateVersions(db: Db): Promise<Map<GateType, number>> {
  const rows = await db
    .select({ type: contentDocuments.type, version: max(contentDocuments.version) })
    .from(contentDocuments)
    .where(and(inArray(contentDocuments.type, [...GATE_DOCUMENTS]), eq(contentDocuments.sample, false)))
    .groupBy(contentDocuments.type)
  return new Map(rows.map((r) => [r.type as GateType, r.version ?? 0]))
}

async function acceptedVersions(db: Db, userId: string, versions: Map<GateType, number>): Promise<Set<GateType>> {
  if (versions.size === 0) return new Set()
  const rows = await db
    .select({ type: documentAcceptances.type })
    .from(documentAcceptances)
    .where(
      and(
        eq(documentAcceptances.userId, userId),
        sql`(${documentAcceptances.type}, ${documentAcceptances.version}) IN (${sql.join(
          [...versions].map(([type, version]) => sql`(${type}, ${version})`),
          sql`, `,
        )})`,
      ),
    )
  return new Set(rows.map((r) => r.type as GateType))
}

/** Throws the 409 unless live money is open to the user. */
export async function requireLiveTerms(app: FastifyInstance, userId: string): Promise<void> {
  if (!gateOn(app)) return
  const versions = await gateVersions(app.db)
  if (versions.size < GATE_DOCUMENTS.length) {
    const data: LegalRefusal = { reason: 'legalNotPublished', documents: [] }
    throw new AppError(409, 'legalNotPublished', undefined, data)
  }
  const accepted = await acceptedVersions(app.db, userId, versions)
  const missing = GATE_DOCUMENTS.filter((type) => !accepted.has(type))
  if (missing.length > 0) {
    const data: LegalRefusal = { reason: 'legalAcceptRequired', documents: missing.map((type) => ({ type, version: versions.get(type)! })) }
    throw new AppError(409, 'legalAcceptRequired', undefined, data)
  }
}

export async function legalStatus(db: Db, userId: string, lang: LanguageCode): Promise<LegalStatus> {
  const versions = await gateVersions(db)
  const accepted = await acceptedVersions(db, userId, versions)
  const rows = versions.size
    ? await db
        .select()
        .from(contentDocuments)
        .where(sql`(${contentDocuments.type}, ${contentDocuments.version}) IN (${sql.join([...versions].map(([t, v]) => sql`(${t}, ${v})`), sql`, `)})`)
    : []
  const documents = GATE_DOCUMENTS.filter((type) => versions.has(type)).map((type) => ({
    type,
    version: versions.get(type)!,
    title: pickLanguage(rows.filter((r) => r.type === type), lang)?.title ?? type,
    accepted: accepted.has(type),
  }))
  const published = versions.size === GATE_DOCUMENTS.length
  return { published, accepted: published && documents.every((d) => d.accepted), documents }
}

/** Stores the acceptance of each named version; a version that is no longer current is a 409 (read the new one). */
export async function acceptDocuments(db: Db, userId: string, body: AcceptDocuments, lang: LanguageCode): Promise<LegalStatus> {
  const versions = await gateVersions(db)
  for (const doc of body.documents) {
    if (!(GATE_DOCUMENTS as readonly string[]).includes(doc.type)) throw new AppError(400, 'invalidInput', { field: 'documents' })
    if (versions.get(doc.type as GateType) !== doc.version) throw new AppError(409, 'legalVersionChanged')
  }
  await db
    .insert(documentAcceptances)
    .values(body.documents.map((d) => ({ userId, type: d.type, version: d.version })))
    .onConflictDoNothing()
  return legalStatus(db, userId, lang)
}
