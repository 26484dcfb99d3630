// Documents, help answers, partners and the live-money gate through the API, as the app and the console call them.
// On PostgreSQL the test files share one database: each run first puts the content tables back as the migration
// seeds them (its sample set), so what an earlier run published does not open the gate here.
import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Document, DocumentSummary, HelpText, LegalRefusal, LegalStatus, Partner } from '#contract/content.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { signInOperator } from '../ops/test-operators.ts'
import { openNetwork, randomHash, resetNetworks, uploadScreenshot } from '../funds/test-funds.ts'
import { formatRemoved, removeSamples } from './content.cli.ts'

let app: FastifyInstance
let compliance: string
let complianceName: string
let admin: string
let support: string

/** Runs a migration's INSERT statements (its sample rows) again. */
async function insertSamplesOf(migration: string) {
  const text = readFileSync(new URL(`../../db/migrations/${migration}`, import.meta.url), 'utf8')
  for (const statement of text.split('--> statement-breakpoint').map((s) => s.trim()).filter((s) => s.startsWith('INSERT'))) {
    await app.db.execute(sql.raw(statement))
  }
}

/** The migration's sample rows, run again after emptying the tables. */
async function resetContent() {
  await app.db.execute(sql`DELETE FROM content_documents`)
  await app.db.execute(sql`DELETE FROM help_answers`)
  await app.db.execute(sql`DELETE FROM partners`)
  await insertSamplesOf('0034_content_documents.sql')
}

beforeAll(async () => {
  app = await buildTestApp({ legalGate: true })
  await resetContent()
  await resetNetworks(app)
  await openNetwork(app, 'USDT', { min: '10' })
  const publisher = await signInOperator(app, ['compliance'])
  compliance = publisher.token
  complianceName = publisher.name
  support = (await signInOperator(app, ['support'])).token
  admin = (await signInOperator(app, ['admin'])).token
})
afterAll(() => app?.close())

const get = <T>(url: string, language = 'en_US', token?: string) =>
  call(app, 'GET', url, { token, headers: { language } }).then((r) => ({ ...r, data: r.body.data as T }))
const publish = (body: Record<string, unknown>, token = compliance) => call(app, 'POST', '/api/ops/content/publishDocument', { token, body })
const doc = (type: string, title: string, body: string, locale = 'en_US', newVersion = true) => publish({ type, locale, title, body, newVersion })

async function claim(token: string, language = 'en_US') {
  const screenshot = await uploadScreenshot(app, token)
  const txHash = randomHash()
  const body = { currency: 'USDT', network: 'ERC20', amount: '25', txHash, last6: txHash.slice(-6), screenshot }
  return call(app, 'POST', '/api/createRechargePlat', { token, body, headers: { 'idempotency-key': `claim-${txHash}`, language } })
}
const accept = (token: string, documents: unknown) => call(app, 'POST', '/api/acceptDocuments', { token, body: { documents } })

describe('a fresh install: the sample set', () => {
  it('lists sample documents, marked sample at version 0, in English for every reader', async () => {
    const { status, data } = await get<DocumentSummary[]>('/api/getDocuments', 'de_DE')
    expect(status).toBe(200)
    expect(data.map((d) => d.type)).toEqual(expect.arrayContaining(['terms', 'risk', 'privacy', 'support']))
    expect(data.every((d) => d.sample && d.version === 0 && d.locale === 'en_US' && d.fallback)).toBe(true)
    // The licence shows only what an operator entered: no sample of it.
    expect(data.some((d) => d.type === 'licence')).toBe(false)
    expect((await get<Document | null>('/api/getDocument?type=licence')).data).toBeNull()
  })

  it('keeps live money shut while only samples exist, and says why in the reader language', async () => {
    const { token } = await signIn(app)
    const res = await claim(token)
    expect(res.status).toBe(409)
    expect((res.body.data as LegalRefusal).reason).toBe('legalNotPublished')
    expect(res.body.msg).toMatch(/terms and risk warning/)
    const german = await claim(token, 'de_DE')
    expect(german.body.msg).not.toBe(res.body.msg)
    const status = await get<LegalStatus>('/api/getLegalStatus', 'en_US', token)
    expect(status.data).toEqual({ published: false, accepted: false, documents: [] })
  })
})

describe('GET /api/getDocument', () => {
  it('answers 404 for a type that does not exist and 400 for a malformed one', async () => {
    expect((await get('/api/getDocument?type=nonsense')).body).toMatchObject({ code: 404, msg: 'There is no such document' })
    expect((await get('/api/getDocument?type=Terms%3Cscript')).status).toBe(400)
    expect((await get('/api/getDocument')).status).toBe(400)
  })
})

describe('publishing documents (console)', () => {
  it('refuses operators without the compliance role, signed-out callers and empty documents', async () => {
    expect((await publish({ type: 'privacy', locale: 'en_US', title: 'P', body: 'x', newVersion: true }, support)).status).toBe(403)
    expect((await call(app, 'POST', '/api/ops/content/publishDocument', { body: { type: 'privacy' } })).status).toBe(401)
    expect((await publish({ type: 'privacy', locale: 'en_US', title: ' ', body: 'x', newVersion: true })).body).toMatchObject({ code: 400, msg: 'Invalid input: title' })
    expect((await publish({ type: 'contract', locale: 'en_US', title: 'x', body: 'x', newVersion: true })).status).toBe(400)
  })

  it('publishes a version per language with a stated fallback, audited', async () => {
    const en = await doc('privacy', 'Privacy policy', '# Privacy\n\nWe keep **little**.')
    expect(en.body.data).toMatchObject({ type: 'privacy', version: 1, locale: 'en_US', sample: false })
    await doc('privacy', 'Datenschutz', 'Wir speichern **wenig**.', 'de_DE', false)
    const german = await get<Document>('/api/getDocument?type=privacy', 'de_DE')
    expect(german.data).toMatchObject({ version: 1, locale: 'de_DE', fallback: false, title: 'Datenschutz', sample: false })
    expect(german.data.html).toContain('<strong>wenig</strong>')
    const french = await get<Document>('/api/getDocument?type=privacy', 'fr_FR')
    expect(french.data).toMatchObject({ version: 1, locale: 'en_US', fallback: true, title: 'Privacy policy' })
    expect(french.data.updatedAt).toBeGreaterThan(0)
    const audit = await call(app, 'GET', '/api/ops/audit?subject=document:privacy', { token: admin })
    const mine = (audit.body.data as { list: { action: string; operatorName: string; after: { locale: string } }[] }).list.filter((e) => e.operatorName === complianceName)
    expect(mine.map((e) => [e.action, e.after.locale])).toEqual([
      ['content.publishDocument', 'de_DE'],
      ['content.publishDocument', 'en_US'],
    ])
  })

  it('renders script, event handlers and javascript: links inert', async () => {
    const xss = '<script>window.__xss=1</script>\n\n<img src=x onerror="window.__xss=1">\n\n[click](javascript:window.__xss=1) <a href="javascript:alert(1)">a</a> <svg onload=alert(1)>'
    await doc('disclaimer', 'Disclaimer', xss)
    const { data } = await get<Document>('/api/getDocument?type=disclaimer')
    expect(data.html).not.toMatch(/<script|onerror|onload|javascript:|<img|<svg/i)
    expect(data.html).toContain('click')
  })
})

describe('the live-money gate', () => {
  it('asks for acceptance once terms and risk are published, stores it by version, and asks again for a new version', async () => {
    await doc('terms', 'Terms of service', 'The terms, version one.')
    await doc('risk', 'Risk warning', 'You can lose money.')
    const { token } = await signIn(app)
    const refused = await claim(token)
    expect(refused.status).toBe(409)
    expect(refused.body.data).toEqual({ reason: 'legalAcceptRequired', documents: [{ type: 'terms', version: 1 }, { type: 'risk', version: 1 }] })
    expect(refused.body.msg).toBe('Please read and accept the current terms and risk warning before using live money')

    const before = await get<LegalStatus>('/api/getLegalStatus', 'en_US', token)
    expect(before.data).toMatchObject({ published: true, accepted: false })
    expect(before.data.documents.map((d) => [d.type, d.version, d.title, d.accepted])).toEqual([
      ['terms', 1, 'Terms of service', false],
      ['risk', 1, 'Risk warning', false],
    ])

    expect((await accept(token, [{ type: 'terms', version: 2 }])).body).toMatchObject({ code: 409, msg: 'A newer version of this document was published; please read it again' })
    expect((await accept(token, [{ type: 'privacy', version: 1 }])).status).toBe(400)
    expect((await accept(token, [])).status).toBe(400)
    expect((await call(app, 'POST', '/api/acceptDocuments', { body: { documents: [{ type: 'terms', version: 1 }] } })).status).toBe(401)

    const accepted = await accept(token, [{ type: 'terms', version: 1 }, { type: 'risk', version: 1 }])
    expect((accepted.body.data as LegalStatus).accepted).toBe(true)
    expect((await claim(token)).status).toBe(200)

    // A translation of the current version is not a new version: no new acceptance.
    await doc('terms', 'Nutzungsbedingungen', 'Die Bedingungen.', 'de_DE', false)
    expect((await claim(token)).status).toBe(200)

    await doc('terms', 'Terms of service', 'The terms, version two.')
    const again = await claim(token)
    expect(again.body.data).toEqual({ reason: 'legalAcceptRequired', documents: [{ type: 'terms', version: 2 }] })
    await accept(token, [{ type: 'terms', version: 2 }])
    expect((await claim(token)).status).toBe(200)
  })

  it('gates live orders and leaves the demo book open', async () => {
    const { token } = await signIn(app)
    const order = { symbol: 'EURUSD', side: 'buy', lots: '0.01', leverage: 100 }
    const demo = await call(app, 'POST', '/api/createContractOrder', { token, body: order, headers: { 'idempotency-key': `demo-${Math.random()}` } })
    expect((demo.body.data as LegalRefusal | null)?.reason).toBeUndefined()
    await call(app, 'POST', '/api/updateAccountType', { token, body: { accountType: 'live' } })
    for (const path of ['/api/createContractOrder', '/api/createLimitOrder']) {
      const body = path.endsWith('LimitOrder') ? { ...order, price: '1.05' } : order
      const live = await call(app, 'POST', path, { token, body, headers: { 'idempotency-key': `live-${Math.random()}` } })
      expect(live.status).toBe(409)
      expect((live.body.data as LegalRefusal).reason).toBe('legalAcceptRequired')
    }
  })
})

describe('GET /api/getText (help center)', () => {
  it('answers the sample answers by category, searchable, paged', async () => {
    const all = await get<HelpText>('/api/getText')
    expect(all.status).toBe(200)
    expect(all.data.total).toBe(3)
    expect(all.data.categories).toEqual([
      { category: 'start', count: 1 },
      { category: 'funds', count: 1 },
      { category: 'trading', count: 1 },
    ])
    expect(all.data.list.every((a) => a.sample)).toBe(true)
    expect((await get<HelpText>('/api/getText?category=funds')).data.list.map((a) => a.question)).toEqual(['How do I deposit? (sample)'])
    expect((await get<HelpText>('/api/getText?q=LEVERAGE%20multiplies')).data.list.map((a) => a.category)).toEqual(['trading'])
    expect((await get<HelpText>('/api/getText?q=nothing-like-this')).data).toMatchObject({ total: 0, list: [] })
    const page2 = await get<HelpText>('/api/getText?size=2&page=2')
    expect(page2.data).toMatchObject({ total: 3, page: 2, size: 2 })
    expect(page2.data.list).toHaveLength(1)
  })

  it('refuses bad paging and input, and answers 404 for an unknown answer', async () => {
    expect((await get('/api/getText?size=101')).body).toMatchObject({ code: 400, msg: 'Invalid input: size' })
    expect((await get('/api/getText?page=0')).status).toBe(400)
    expect((await get('/api/getText?category=unknown')).status).toBe(400)
    expect((await get(`/api/getText?q=${'x'.repeat(101)}`)).status).toBe(400)
    expect((await get('/api/getText?id=abc')).status).toBe(400)
    expect((await get('/api/getText?id=999999')).body).toMatchObject({ code: 404, msg: 'This help answer does not exist' })
  })

  it('serves an answer an operator wrote in the reader language, else its fallback, with unsafe markup removed', async () => {
    const save = (body: Record<string, unknown>, token = support) => call(app, 'POST', '/api/ops/content/saveHelpAnswer', { token, body })
    expect((await save({ category: 'security', locale: 'en_US', question: 'Q', answer: 'A' }, compliance)).status).toBe(403)
    expect((await save({ category: 'security', locale: 'en_US', question: '', answer: 'A' })).status).toBe(400)
    expect((await save({ id: '999999', category: 'security', locale: 'en_US', question: 'Q', answer: 'A' })).status).toBe(404)
    const created = await save({ category: 'security', locale: 'en_US', question: 'Is my wallet safe?', answer: 'We never ask for a transaction. <img src=x onerror=alert(1)>' })
    expect(created.status).toBe(200)
    const id = (created.body.data as { id: string }).id
    await save({ id, category: 'security', locale: 'es_ES', question: '¿Está segura mi cartera?', answer: 'Nunca pedimos una transacción.' })
    const spanish = await get<HelpText>(`/api/getText?id=${id}`, 'es_ES')
    expect(spanish.data.list[0]).toMatchObject({ question: '¿Está segura mi cartera?', locale: 'es_ES', fallback: false, sample: false })
    expect((await get<HelpText>('/api/getText?q=cartera', 'es_ES')).data.list.map((a) => a.id)).toEqual([id])
    const swedish = await get<HelpText>(`/api/getText?id=${id}`, 'swe_SWE')
    expect(swedish.data.list[0]).toMatchObject({ question: 'Is my wallet safe?', locale: 'en_US', fallback: true })
    expect(swedish.data.list[0]!.html).not.toMatch(/onerror|<img/)
    expect((await call(app, 'POST', '/api/ops/content/removeHelpAnswer', { token: support, body: { id } })).status).toBe(200)
    expect((await get(`/api/getText?id=${id}`)).status).toBe(404)
    expect((await call(app, 'POST', '/api/ops/content/removeHelpAnswer', { token: support, body: { id } })).status).toBe(404)
  })
})

describe('GET /api/getPartners', () => {
  it('lists the partners operators entered, refusing links a browser would run', async () => {
    expect((await get<Partner[]>('/api/getPartners')).data).toEqual([])
    const save = (body: unknown) => call(app, 'POST', '/api/ops/content/savePartner', { token: support, body })
    expect((await save({ name: 'Evil', url: 'javascript:alert(1)' })).status).toBe(400)
    expect((await save({ name: '<b>x</b>', url: null })).status).toBe(400)
    expect((await save({ id: '999999', name: 'Ghost', url: null })).status).toBe(404)
    await save({ name: 'Chain Analytics', url: 'https://example.com', position: 2 })
    await save({ name: 'Custody Co', url: null, position: 1 })
    expect((await get<Partner[]>('/api/getPartners')).data.map((p) => [p.name, p.url])).toEqual([
      ['Custody Co', null],
      ['Chain Analytics', 'https://example.com'],
    ])
    expect((await call(app, 'POST', '/api/ops/content/removePartner', { token: support, body: { id: '999999' } })).status).toBe(404)
  })
})

describe('content remove-samples', () => {
  it('removes every row marked sample and keeps what operators published', async () => {
    const removed = await removeSamples(app.db)
    expect(removed).toMatchObject({ content_documents: 8, help_answers: 3 })
    expect(formatRemoved(removed)).toContain('content_documents: 8')
    const docs = (await get<DocumentSummary[]>('/api/getDocuments')).data
    expect(docs.some((d) => d.sample)).toBe(false)
    expect(docs.map((d) => d.type)).toEqual(expect.arrayContaining(['terms', 'risk', 'privacy', 'disclaimer']))
    expect((await get<Document | null>('/api/getDocument?type=cookies')).data).toBeNull()
    expect((await get<HelpText>('/api/getText')).data.total).toBe(0)
    expect(formatRemoved(await removeSamples(app.db))).toBe('No sample content left.')
  })

  // On PostgreSQL the server tests share one database: put every sample back for the files that run after this one
  // (news.test.ts reads the sample article a fresh database has).
  afterAll(async () => {
    await resetContent()
    await app.db.execute(sql`DELETE FROM articles WHERE sample`)
    await insertSamplesOf('0035_articles.sql')
  })
})
