// The console's news endpoints: operators write an article's title, summary and Markdown body per language, with a
// fallback language the article must have, then publish or unpublish it. Every change is audited. Readers' side:
// src/contract/news.ts.
import * as z from 'zod/mini'
import { Int8Id, Millis, Page, pageOf } from './endpoint.ts'
import { LanguageCode } from './locales.ts'
import { UploadId } from './uploads.ts'
import type { OperatorRole, OpsEndpoint } from './ops.ts'

/** Operators who write news. */
export const NEWS_WRITERS: readonly OperatorRole[] = ['support']

const Text = (min: number, max: number) => z.string().check(z.trim(), z.minLength(min), z.maxLength(max))

export const ArticleVersion = z.object({
  title: Text(1, 200),
  summary: Text(0, 500),
  bodyMd: Text(1, 50_000),
  /** The cover's text alternative in this language (what the picture shows); absent or empty: the title. */
  coverAlt: z.optional(Text(0, 300)),
})
export type ArticleVersion = z.infer<typeof ArticleVersion>

export const ArticleDraft = z
  .object({
    /** Absent: a new (unpublished) article. */
    id: z.optional(Int8Id),
    fallbackLang: LanguageCode,
    translations: z.partialRecord(LanguageCode, ArticleVersion),
    /** The cover: a content picture's id (POST CONTENT_IMAGE_UPLOAD_PATH), or null/absent for none. */
    cover: z.optional(z.nullable(UploadId)),
  })
  .check(z.refine((v) => v.translations[v.fallbackLang] !== undefined, { message: 'fallbackMissing', path: ['translations'] }))
export type ArticleDraft = z.infer<typeof ArticleDraft>

/** A picture an operator uploaded for content: its id, the address readers fetch it from and its size in pixels. */
export const ContentImage = z.object({ id: z.string(), src: z.string(), width: z.int(), height: z.int() })
export type ContentImage = z.infer<typeof ContentImage>

export const OpsArticle = z.object({
  id: z.string(),
  fallbackLang: LanguageCode,
  cover: z.nullable(ContentImage),
  translations: z.partialRecord(LanguageCode, z.extend(ArticleVersion, { bodyHtml: z.string() })),
  publishedAt: z.nullable(Millis),
  sample: z.boolean(),
  updatedAt: Millis,
})
export type OpsArticle = z.infer<typeof OpsArticle>

export const opsNewsApi = {
  articles: { method: 'GET', path: '/ops/news', query: Page, data: pageOf(OpsArticle), auth: false, roles: NEWS_WRITERS },
  save: { method: 'POST', path: '/ops/news/save', body: ArticleDraft, data: OpsArticle, auth: false, roles: NEWS_WRITERS },
  publish: {
    method: 'POST',
    path: '/ops/news/publish',
    body: z.object({ id: Int8Id, published: z.boolean() }),
    data: OpsArticle,
    auth: false,
    roles: NEWS_WRITERS,
  },
} as const satisfies Record<string, OpsEndpoint>

/**
 * An operator's picture for content: multipart/form-data with one `file` part (JPEG, JPEG 2000 or PNG, at most
 * UPLOAD_MAX_BYTES), re-encoded like every upload. Registered by modules/uploads at CONTENT_IMAGE_UPLOAD_PATH; the
 * console posts FormData, not JSON.
 */
export const opsContentImageApi = {
  upload: { method: 'POST', path: '/ops/contentImage', data: ContentImage, auth: false, roles: NEWS_WRITERS },
} as const satisfies Record<string, OpsEndpoint>
