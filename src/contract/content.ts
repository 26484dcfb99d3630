// The platform's published content: legal documents (versioned, per language with a stated fallback), the help
// center's questions and answers, and partners. Operators write Markdown; the server answers sanitised HTML
// (server/content/markdown.ts), so the app puts `html` in the page as it is. The live-money gate (acceptances of the
// current terms and risk warning) is here too: src/contract/content.ts is imported by app and server.
import * as z from 'zod/mini'
import { Millis, Page, pageOf, type Endpoint } from './endpoint.ts'
import { LanguageCode } from './locales.ts'

/**
 * Every document the platform can publish, by the $type of /help/$type. terms and risk gate live money; about and
 * introduction fill /aboutUs and /Introduction; support is the contact page; licence says what supervises the
 * operator and is shown only as entered.
 */
export const DOCUMENT_TYPES = [
  'terms',
  'privacy',
  'risk',
  'cookies',
  'legal',
  'disclaimer',
  'advertising',
  'licence',
  'support',
  'about',
  'introduction',
] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]
export const DocumentType = z.enum(DOCUMENT_TYPES)
export const isDocumentType = (value: string): value is DocumentType => (DOCUMENT_TYPES as readonly string[]).includes(value)

/** What a signed-in user accepts once before their first live action, and again after each new version. */
export const GATE_DOCUMENTS = ['terms', 'risk'] as const satisfies readonly DocumentType[]

/** The help center's categories, by the $type of /help/$type. */
export const HELP_CATEGORIES = ['start', 'account', 'funds', 'trading', 'security'] as const
export type HelpCategory = (typeof HELP_CATEGORIES)[number]
export const HelpCategory = z.enum(HELP_CATEGORIES)

export const DOCUMENT_BODY_MAX = 100_000
export const HELP_ANSWER_MAX = 20_000
export const HELP_SEARCH_MAX = 100

/** A reference to a type that may not exist: a 404 for an unknown one instead of a 400 for a well-formed name. */
const TypeName = z.string().check(z.regex(/^[a-z]{1,30}$/))

export const DocumentSummary = z.object({
  type: DocumentType,
  /** 0 for the sample a fresh install ships; operators' versions count from 1. */
  version: z.int(),
  title: z.string(),
  /** The language of the text served: the reader's, else the fallback (English, else the first published). */
  locale: LanguageCode,
  /** True when `locale` is not the reader's language. */
  fallback: z.boolean(),
  /** Sample text a fresh install ships, to be replaced before launch; a sample never opens live money. */
  sample: z.boolean(),
  updatedAt: Millis,
})
export type DocumentSummary = z.infer<typeof DocumentSummary>

export const Document = z.extend(DocumentSummary, { html: z.string() })
export type Document = z.infer<typeof Document>

export const HelpAnswer = z.object({
  id: z.string(),
  category: HelpCategory,
  question: z.string(),
  html: z.string(),
  locale: LanguageCode,
  fallback: z.boolean(),
  sample: z.boolean(),
  updatedAt: Millis,
})
export type HelpAnswer = z.infer<typeof HelpAnswer>

export const HelpQuery = z.extend(Page, {
  category: z.optional(HelpCategory),
  /** Words the question or answer contains, in the served language. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(HELP_SEARCH_MAX))),
  /** One answer by its id: 404 when there is none. */
  id: z.optional(z.string().check(z.regex(/^\d{1,18}$/))),
})

export const HelpText = z.extend(pageOf(HelpAnswer), {
  /** Every category with answers, and how many (before the search and category filters). */
  categories: z.array(z.object({ category: HelpCategory, count: z.int() })),
})
export type HelpText = z.infer<typeof HelpText>

export const Partner = z.object({ id: z.string(), name: z.string(), url: z.nullable(z.string()) })
export type Partner = z.infer<typeof Partner>

export const GateDocument = z.object({ type: DocumentType, version: z.int(), title: z.string(), accepted: z.boolean() })
export const LegalStatus = z.object({
  /** False until real (non-sample) terms and a risk warning are published: live money stays shut. */
  published: z.boolean(),
  /** True when the user accepted the current version of each gate document. */
  accepted: z.boolean(),
  documents: z.array(GateDocument),
})
export type LegalStatus = z.infer<typeof LegalStatus>

/** What a 409 from a live action carries in `data`: why, and what to read. */
export const LegalRefusal = z.object({
  reason: z.enum(['legalNotPublished', 'legalAcceptRequired']),
  documents: z.array(z.object({ type: DocumentType, version: z.int() })),
})
export type LegalRefusal = z.infer<typeof LegalRefusal>

export const AcceptDocuments = z.object({
  documents: z.array(z.object({ type: DocumentType, version: z.int().check(z.gte(1), z.lte(1_000_000)) })).check(z.minLength(1), z.maxLength(GATE_DOCUMENTS.length)),
})
export type AcceptDocuments = z.infer<typeof AcceptDocuments>

export const contentApi = {
  documents: { method: 'GET', path: '/getDocuments', data: z.array(DocumentSummary), auth: false },
  /** A known but unpublished type answers null; an unknown one 404. */
  document: { method: 'GET', path: '/getDocument', query: z.object({ type: TypeName }), data: z.nullable(Document), auth: false },
  text: { method: 'GET', path: '/getText', query: HelpQuery, data: HelpText, auth: false },
  partners: { method: 'GET', path: '/getPartners', data: z.array(Partner), auth: false },
  legalStatus: { method: 'GET', path: '/getLegalStatus', data: LegalStatus, auth: true },
  accept: { method: 'POST', path: '/acceptDocuments', body: AcceptDocuments, data: LegalStatus, auth: true },
} as const satisfies Record<string, Endpoint>
