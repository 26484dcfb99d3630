// The console's content pages: legal documents (publish a version or a translation), help answers and partners.
// Compliance publishes documents (they gate live money); support writes help answers and partners. Every change is
// audited (server/modules/content/content.ops.ts).
import * as z from 'zod/mini'
import { Millis } from './endpoint.ts'
import { DOCUMENT_BODY_MAX, DocumentType, HELP_ANSWER_MAX, HelpCategory } from './content.ts'
import { LanguageCode } from './locales.ts'
import type { OperatorRole, OpsEndpoint } from './ops.ts'

export const DOCUMENT_PUBLISHERS: readonly OperatorRole[] = ['compliance']
export const HELP_WRITERS: readonly OperatorRole[] = ['support']

const Text = (min: number, max: number) => z.string().check(z.trim(), z.minLength(min), z.maxLength(max))
const RowId = z.string().check(z.regex(/^\d{1,18}$/))

export const OpsDocumentRow = z.object({
  type: DocumentType,
  version: z.int(),
  locale: LanguageCode,
  title: z.string(),
  body: z.string(),
  sample: z.boolean(),
  publishedBy: z.nullable(z.string()),
  updatedAt: Millis,
})
export type OpsDocumentRow = z.infer<typeof OpsDocumentRow>

export const PublishDocument = z.object({
  type: DocumentType,
  locale: LanguageCode,
  title: Text(1, 200),
  /** Markdown. */
  body: Text(1, DOCUMENT_BODY_MAX),
  /**
   * true: a new version (signed-in users accept terms and the risk warning again); false: this language's text of
   * the current version (a translation or a correction), or version 1 when there is none yet.
   */
  newVersion: z.boolean(),
})
export type PublishDocument = z.infer<typeof PublishDocument>

export const OpsHelpText = z.object({ locale: LanguageCode, question: z.string(), answer: z.string() })
export const OpsHelpAnswer = z.object({
  id: z.string(),
  category: HelpCategory,
  position: z.int(),
  sample: z.boolean(),
  texts: z.array(OpsHelpText),
  updatedAt: Millis,
})
export type OpsHelpAnswer = z.infer<typeof OpsHelpAnswer>

export const SaveHelpAnswer = z.object({
  /** Absent: a new answer. */
  id: z.optional(RowId),
  category: HelpCategory,
  position: z._default(z.int().check(z.gte(0), z.lte(10_000)), 0),
  locale: LanguageCode,
  question: Text(1, 300),
  /** Markdown. */
  answer: Text(1, HELP_ANSWER_MAX),
})
export type SaveHelpAnswer = z.infer<typeof SaveHelpAnswer>

export const OpsPartner = z.object({ id: z.string(), name: z.string(), url: z.nullable(z.string()), position: z.int(), sample: z.boolean() })
export type OpsPartner = z.infer<typeof OpsPartner>

export const SavePartner = z.object({
  id: z.optional(RowId),
  name: Text(1, 100).check(z.refine((v) => !/[<>\p{Cc}]/u.test(v))),
  url: z.nullable(z.string().check(z.maxLength(500), z.refine((v) => /^https:\/\/[^\s<>"]+$/.test(v)))),
  position: z._default(z.int().check(z.gte(0), z.lte(10_000)), 0),
})
export type SavePartner = z.infer<typeof SavePartner>

export const opsContentApi = {
  documents: { method: 'GET', path: '/ops/content/documents', data: z.array(OpsDocumentRow), auth: false, roles: [...DOCUMENT_PUBLISHERS, ...HELP_WRITERS] },
  publishDocument: { method: 'POST', path: '/ops/content/publishDocument', body: PublishDocument, data: OpsDocumentRow, auth: false, roles: DOCUMENT_PUBLISHERS },
  help: { method: 'GET', path: '/ops/content/help', data: z.array(OpsHelpAnswer), auth: false, roles: HELP_WRITERS },
  saveHelpAnswer: { method: 'POST', path: '/ops/content/saveHelpAnswer', body: SaveHelpAnswer, data: OpsHelpAnswer, auth: false, roles: HELP_WRITERS },
  removeHelpAnswer: { method: 'POST', path: '/ops/content/removeHelpAnswer', body: z.object({ id: RowId }), data: z.null(), auth: false, roles: HELP_WRITERS },
  partners: { method: 'GET', path: '/ops/content/partners', data: z.array(OpsPartner), auth: false, roles: HELP_WRITERS },
  savePartner: { method: 'POST', path: '/ops/content/savePartner', body: SavePartner, data: OpsPartner, auth: false, roles: HELP_WRITERS },
  removePartner: { method: 'POST', path: '/ops/content/removePartner', body: z.object({ id: RowId }), data: z.null(), auth: false, roles: HELP_WRITERS },
} as const satisfies Record<string, OpsEndpoint>
