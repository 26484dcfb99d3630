import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Article, ArticlePage } from '#contract/news.ts'
import type { OpsArticle } from '#contract/ops-news.ts'
import { serverMessages } from '#contract/server-messages.ts'
import { renderMarkdown } from '../../content/markdown.ts'
import { buildTestApp, call } from '../../test/helpers.ts'
import { signInOperator } from '../ops/test-operators.ts'

let app: FastifyInstance
let writer: string
beforeAll(async () => {
  app = await buildTestApp()
  writer = (await signInOperator(app, ['support'])).token
})
afterAll(() => app?.close())

const version = (title: string) => ({ title, summary: `${title} in short`, bodyMd: `## ${title}\n\nBody of *${title}*.` })

async function save(body: unknown, token = writer) {
  return call(app, 'POST', '/api/ops/news/save', { token, body })
}
async function published(title: string, extra: Record<string, unknown> = {}): Promise<OpsArticle> {
  const saved = await save({ fallbackLang: 'en_US', translations: { en_US: version(title), ...extra } })
  expect(saved.status).toBe(200)
  const id = (saved.body.data as OpsArticle).id
  const res = await call(app, 'POST', '/api/ops/news/publish', { token: writer, body: { id, published: true } })
  expect(res.status).toBe(200)
  return res.body.data as OpsArticle
}
const page = async (qs = '', headers: Record<string, string> = {}) => {
  const res = await call(app, 'GET', `/api/getAllInformation${qs}`, { headers })
  expect(res.status).toBe(200)
  return res.body.data as ArticlePage
}

describe('the sample article', () => {
  it('is published on a fresh database, marked sample, with HTML the renderer made from its Markdown', async () => {
    const list = await page('?size=100')
    const sample = list.list.find((a) => a.sample)
    expect(sample).toMatchObject({ title: 'Sample article: replace before launch', lang: 'en_US', cover: null })
    const res = await call(app, 'GET', `/api/ops/news?size=100`, { token: writer })
    const stored = (res.body.data as { list: OpsArticle[] }).list.find((a) => a.sample)!.translations.en_US!
    expect(stored.bodyHtml).toBe(renderMarkdown(stored.bodyMd))
  })
})

describe('GET /api/getAllInformation and /api/getArticles', () => {
  it('lists a published article newest first and opens it with its sanitised body', async () => {
    const article = await published('Rates rise', { de_DE: version('Zinsen steigen') })
    const first = (await page('?size=1')).list[0]!
    expect(first).toMatchObject({ id: article.id, title: 'Rates rise', summary: 'Rates rise in short', lang: 'en_US', sample: false })
    expect(first.publishedAt).toBe(article.publishedAt)
    expect(first).not.toHaveProperty('html')
    const res = await call(app, 'GET', `/api/getArticles?id=${article.id}`)
    expect(res.status).toBe(200)
    expect((res.body.data as Article).html).toBe('<h2>Rates rise</h2>\n<p>Body of <em>Rates rise</em>.</p>\n')
  })

  it('gives the reader’s language when the article has it, else the fallback language, and says which', async () => {
    const article = await published('Markets open', { de_DE: version('Märkte öffnen') })
    const de = await call(app, 'GET', `/api/getArticles?id=${article.id}`, { headers: { language: 'de_DE' } })
    expect(de.body.data).toMatchObject({ title: 'Märkte öffnen', lang: 'de_DE' })
    const byQuery = await call(app, 'GET', `/api/getArticles?id=${article.id}&lang=de_DE`, { headers: { language: 'fr_FR' } })
    expect(byQuery.body.data).toMatchObject({ title: 'Märkte öffnen', lang: 'de_DE' })
    const fr = await call(app, 'GET', `/api/getArticles?id=${article.id}`, { headers: { language: 'fr_FR' } })
    expect(fr.body.data).toMatchObject({ title: 'Markets open', lang: 'en_US' })
    const list = await page('?size=1&lang=de_DE')
    expect(list.list[0]).toMatchObject({ title: 'Märkte öffnen', lang: 'de_DE' })
  })

  it('pages: size and page bound the list, and a page past the end is empty', async () => {
    await published('Page A')
    await published('Page B')
    const all = await page('?size=100')
    const second = await page('?page=2&size=1')
    expect(second).toMatchObject({ page: 2, size: 1, total: all.total })
    expect(second.list.map((a) => a.id)).toEqual([all.list[1]!.id])
    expect((await page(`?page=${all.total + 1}&size=1`)).list).toEqual([])
  })

  it.each([['?page=0'], ['?size=101'], ['?size=0'], ['?page=x'], ['?lang=xx_XX']])('answers 400 for %s', async (qs) => {
    const res = await call(app, 'GET', `/api/getAllInformation${qs}`)
    expect(res.status).toBe(400)
  })

  it.each([['?id=abc'], [''], ['?id=99999999999999999999'], ['?id=1&lang=en']])('getArticles answers 400 for %s', async (qs) => {
    expect((await call(app, 'GET', `/api/getArticles${qs}`)).status).toBe(400)
  })

  it('answers 404, in the reader’s language, for an unknown id and for an unpublished article', async () => {
    const unknown = await call(app, 'GET', '/api/getArticles?id=987654321')
    expect(unknown.body).toEqual({ code: 404, msg: serverMessages.articleNotFound.message, data: null })
    const de = await call(app, 'GET', '/api/getArticles?id=987654321', { headers: { language: 'de_DE' } })
    expect(de.body.msg).toBe(app.translate('de_DE', 'articleNotFound'))
    expect(de.body.msg).not.toBe(serverMessages.articleNotFound.message)
    const draft = await save({ fallbackLang: 'en_US', translations: { en_US: version('Draft only') } })
    const id = (draft.body.data as OpsArticle).id
    expect((await call(app, 'GET', `/api/getArticles?id=${id}`)).status).toBe(404)
    expect((await page('?size=100')).list.map((a) => a.title)).not.toContain('Draft only')
  })
})

describe('the console', () => {
  it('saves a draft, publishes, edits and unpublishes, each audited', async () => {
    const draft = (await save({ fallbackLang: 'en_US', translations: { en_US: version('Audit me') } })).body.data as OpsArticle
    expect(draft.publishedAt).toBeNull()
    const id = draft.id
    await call(app, 'POST', '/api/ops/news/publish', { token: writer, body: { id, published: true } })
    const edited = await save({ id, fallbackLang: 'en_US', translations: { en_US: version('Audited') } })
    expect(edited.status).toBe(200)
    expect((edited.body.data as OpsArticle).publishedAt).not.toBeNull()
    expect((await call(app, 'GET', `/api/getArticles?id=${id}`)).body.data).toMatchObject({ title: 'Audited' })
    await call(app, 'POST', '/api/ops/news/publish', { token: writer, body: { id, published: false } })
    expect((await call(app, 'GET', `/api/getArticles?id=${id}`)).status).toBe(404)
    const admin = await signInOperator(app, ['admin'])
    const audit = await call(app, 'GET', `/api/ops/audit?subject=article:${id}`, { token: admin.token })
    expect((audit.body.data as { list: { action: string }[] }).list.map((e) => e.action)).toEqual([
      'news.unpublish',
      'news.edit',
      'news.publish',
      'news.create',
    ])
  })

  it('stores sanitised HTML: a script in the Markdown never reaches a reader', async () => {
    const article = await published('Evil', { de_DE: { title: 'Böse', summary: '', bodyMd: 'Hi <script>alert(1)</script><img src=x onerror=alert(1)>' } })
    const res = await call(app, 'GET', `/api/getArticles?id=${article.id}&lang=de_DE`)
    expect((res.body.data as Article).html).toBe('<p>Hi </p>\n')
  })

  it('refuses a draft without its fallback language, an empty title, an unknown language or an unknown id', async () => {
    for (const body of [
      { fallbackLang: 'de_DE', translations: { en_US: version('No German') } },
      { fallbackLang: 'en_US', translations: { en_US: { ...version('x'), title: '   ' } } },
      { fallbackLang: 'en_US', translations: { en_US: version('x'), xx_XX: version('y') } },
      { fallbackLang: 'en_US', translations: { en_US: { ...version('x'), bodyMd: 'x'.repeat(50_001) } } },
    ]) {
      const res = await save(body)
      expect(res.status).toBe(400)
    }
    const unknown = await save({ id: '987654321', fallbackLang: 'en_US', translations: { en_US: version('x') } })
    expect(unknown.status).toBe(404)
    expect((await call(app, 'POST', '/api/ops/news/publish', { token: writer, body: { id: '987654321', published: true } })).status).toBe(404)
  })

  it('answers 401 without an operator, 403 to a role that does not write news, and never takes a user’s token', async () => {
    const body = { fallbackLang: 'en_US', translations: { en_US: version('x') } }
    expect((await save(body, '')).status).toBe(401)
    const finance = await signInOperator(app, ['finance'])
    expect((await save(body, finance.token)).status).toBe(403)
    expect((await call(app, 'GET', '/api/ops/news', { token: finance.token })).status).toBe(403)
  })
})
