// News: articles the operators publish (console: src/contract/ops-news.ts). Readers get one language version: the one
// asked for (the `lang` query, else the Language header), else the article's fallback language; `lang` says which
// one came. `lang` in the query also makes each language its own address, so the service worker keeps them apart.
import * as z from 'zod/mini'
import { Int8Id, Millis, Page, pageOf, type Endpoint } from './endpoint.ts'
import { LanguageCode } from './locales.ts'

export const Cover = z.object({ src: z.string(), width: z.int(), height: z.int(), alt: z.string() })
export type Cover = z.infer<typeof Cover>

export const ArticleSummary = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  /**
   * The cover picture, or null: its address (CONTENT_IMAGE_PATH), its size in pixels (so the page keeps its place
   * before it loads) and its text alternative in the version's language.
   */
  cover: z.nullable(Cover),
  publishedAt: Millis,
  /** The language of the version given: the reader's, or the article's fallback. */
  lang: LanguageCode,
  /** Sample content a fresh database offers, to be replaced before launch. */
  sample: z.boolean(),
})
export type ArticleSummary = z.infer<typeof ArticleSummary>

/** `html` is sanitised on the server (server/content/markdown.ts) and shown as it is. */
export const Article = z.extend(ArticleSummary, { html: z.string() })
export type Article = z.infer<typeof Article>

export const ArticlePage = pageOf(ArticleSummary)
export type ArticlePage = z.infer<typeof ArticlePage>

export const newsApi = {
  /** Published articles, newest first. */
  articles: {
    method: 'GET',
    path: '/getAllInformation',
    query: z.extend(Page, { lang: z.optional(LanguageCode) }),
    data: ArticlePage,
    auth: false,
  },
  /** One published article; an unknown or unpublished id is a 404. */
  article: {
    method: 'GET',
    path: '/getArticles',
    query: z.object({ id: Int8Id, lang: z.optional(LanguageCode) }),
    data: Article,
    auth: false,
  },
} as const satisfies Record<string, Endpoint>
