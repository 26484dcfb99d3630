// The console's pages through app.inject: each endpoint's happy path, bad input, no operator, a wrong role, and the
// audit row its change leaves (which the database then refuses to edit).
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OperatorRole } from '#contract/ops.ts'
import { pgError } from '../../ledger/db-errors.ts'
import { Decimal } from '../../ledger/decimal.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { signInOperator } from './test-operators.ts'

let app: FastifyInstance
const tokens = new Map<OperatorRole, string>()
beforeAll(async () => {
  app = await buildTestApp()
  for (const role of ['support', 'compliance', 'finance', 'admin'] as const) tokens.set(role, (await signInOperator(app, [role])).token)
})
afterAll(async () => app?.close())

const as = (role: OperatorRole) => ({ token: tokens.get(role)! })
const get = (url: string, role?: OperatorRole) => call(app, 'GET', url, role ? as(role) : {})
const post = (url: string, body: unknown, role?: OperatorRole) => call(app, 'POST', url, { body, ...(role ? as(role) : {}) })

type Entry = { action: string; operatorName: string; subject: string | null; before: unknown; after: unknown }
async function auditOf(subject: string): Promise<Entry[]> {
  const res = await get(`/api/ops/audit?subject=${encodeURIComponent(subject)}&size=100`, 'admin')
  return (res.body.data as { list: Entry[] }).list
}

/** The newest audit row of `subject` can be neither changed nor deleted. */
async function expectImmutable(subject: string) {
  const refused = async (statement: ReturnType<typeof sql>) => pgError(await app.db.execute(statement).then(() => null, (e: unknown) => e))
  const newest = sql`(SELECT max(id) FROM audit_log WHERE subject = ${subject})`
  expect((await refused(sql`UPDATE audit_log SET after = '{}'::jsonb WHERE id = ${newest}`))?.code).toBe('23000')
  expect((await refused(sql`DELETE FROM audit_log WHERE id = ${newest}`))?.code).toBe('23000')
}

async function newUser() {
  const { wallet, token } = await signIn(app)
  const found = await get(`/api/ops/users?q=${wallet.address}`, 'support')
  const id = (found.body.data as { list: Array<{ id: string }> }).list[0]!.id
  return { wallet, token, id }
}

/** 401 without a token, 403 for each role the endpoint does not name (admin may call everything). */
async function expectGuarded(method: 'GET' | 'POST', url: string, allowed: OperatorRole[], body: unknown = {}) {
  expect((await call(app, method, url, method === 'POST' ? { body } : {})).status).toBe(401)
  for (const role of ['support', 'compliance', 'finance'] as const) {
    if (allowed.includes(role)) continue
    const res = await call(app, method, url, { ...as(role), ...(method === 'POST' ? { body } : {}) })
    expect(res.body, `${role} on ${url}`).toEqual({ code: 403, msg: 'Your operator roles do not allow this', data: null })
  }
}

describe('users', () => {
  it('finds users by address, e-mail part or id, newest first, for support, compliance and finance', async () => {
    const alice = await newUser()
    for (const role of ['support', 'compliance', 'finance', 'admin'] as const) {
      const res = await get(`/api/ops/users?q=${alice.wallet.address.slice(2, 12).toLowerCase()}`, role)
      expect(res.body.data).toMatchObject({ total: 1, list: [{ id: alice.id, address: alice.wallet.address, email: null, accountType: 'demo' }] })
    }
    expect((await get(`/api/ops/users?q=${alice.id}`, 'support')).body.data).toMatchObject({ total: 1, list: [{ id: alice.id }] })
    expect((await get('/api/ops/users?q=%25', 'support')).body.data).toMatchObject({ total: 0 })
    expect((await get('/api/ops/users?size=500', 'support')).body).toMatchObject({ code: 400, msg: 'Invalid input: size' })
    await expectGuarded('GET', '/api/ops/users', ['support', 'compliance', 'finance'])
  })

  it("shows a user's books and sessions without funding anything, and 404 for an unknown id", async () => {
    const bob = await newUser()
    const res = await get(`/api/ops/user?id=${bob.id}`, 'finance')
    const detail = res.body.data as { user: { id: string }; books: Array<{ book: string; currencies: Array<{ currency: string; total: string }> }>; sessions: Array<{ live: boolean }> }
    expect(detail.user.id).toBe(bob.id)
    expect(detail.books.map((b) => b.book)).toEqual(['live', 'demo'])
    expect(detail.books[1]!.currencies).toEqual([{ currency: 'USDT', available: '10000', inUse: '0', locked: '0', total: '10000' }])
    expect(detail.sessions).toEqual([expect.objectContaining({ live: true, revokedAt: null })])
    expect((await get('/api/ops/user?id=00000000-0000-4000-8000-000000000000', 'finance')).body).toEqual({ code: 404, msg: 'There is no user with this id', data: null })
    expect((await get('/api/ops/user?id=nope', 'finance')).body).toMatchObject({ code: 400, msg: 'Invalid input: id' })
    await expectGuarded('GET', `/api/ops/user?id=${bob.id}`, ['support', 'compliance', 'finance'])
  })

  it("lists a user's transaction record in one book, with reasons in the operator's language", async () => {
    const carol = await newUser()
    const res = await get(`/api/ops/user/records?id=${carol.id}&book=demo`, 'compliance')
    expect(res.body.data).toMatchObject({ total: 1, list: [{ amount: '10000', currency: 'USDT', book: 'demo', reason: 'demo.funding' }] })
    expect((await get(`/api/ops/user/records?id=${carol.id}&book=live`, 'compliance')).body.data).toMatchObject({ total: 0, list: [] })
    expect((await get(`/api/ops/user/records?id=${carol.id}&book=paper`, 'compliance')).body).toMatchObject({ code: 400, msg: 'Invalid input: book' })
    expect((await get('/api/ops/user/records?id=00000000-0000-4000-8000-000000000000&book=demo', 'compliance')).status).toBe(404)
    await expectGuarded('GET', `/api/ops/user/records?id=${carol.id}&book=demo`, ['support', 'compliance', 'finance'])
  })

  it("ends one of a user's sessions (support), refuses another user's session, and audits it", async () => {
    const dave = await newUser()
    const eve = await newUser()
    const detail = await get(`/api/ops/user?id=${dave.id}`, 'support')
    const sessionId = (detail.body.data as { sessions: Array<{ id: string }> }).sessions[0]!.id
    await expectGuarded('POST', '/api/ops/user/revokeSession', ['support'], { userId: dave.id, sessionId })

    // Eve's id with Dave's session: not hers, nothing changes.
    const wrongUser = await post('/api/ops/user/revokeSession', { userId: eve.id, sessionId }, 'support')
    expect(wrongUser.body).toEqual({ code: 409, msg: 'This session is not one of the user’s live sessions', data: null })
    expect((await call(app, 'GET', '/api/getMyAccountInfo', { token: dave.token })).status).toBe(200)
    expect((await post('/api/ops/user/revokeSession', { userId: dave.id, sessionId: 'x' }, 'support')).body).toMatchObject({ code: 400, msg: 'Invalid input: sessionId' })

    expect((await post('/api/ops/user/revokeSession', { userId: dave.id, sessionId }, 'support')).status).toBe(200)
    expect((await call(app, 'GET', '/api/getMyAccountInfo', { token: dave.token })).status).toBe(401)
    // Once: the same call again finds no live session.
    expect((await post('/api/ops/user/revokeSession', { userId: dave.id, sessionId }, 'support')).status).toBe(409)
    expect(await auditOf(`user:${dave.id}`)).toEqual([
      expect.objectContaining({ action: 'users.revokeSession', before: { sessionId, live: true }, after: { sessionId, live: false } }),
    ])
    expect(await auditOf(`user:${eve.id}`)).toEqual([])
    await expectImmutable(`user:${dave.id}`)
  })

  it("ends all of a user's sessions and audits which", async () => {
    const frank = await newUser()
    const second = await signIn(app, frank.wallet)
    await expectGuarded('POST', '/api/ops/user/revokeAllSessions', ['support'], { userId: frank.id })
    expect((await post('/api/ops/user/revokeAllSessions', { userId: frank.id }, 'admin')).body.data).toEqual({ revoked: 2 })
    expect((await call(app, 'GET', '/api/getMyAccountInfo', { token: second.token })).status).toBe(401)
    const [entry] = await auditOf(`user:${frank.id}`)
    expect(entry).toMatchObject({ action: 'users.revokeAllSessions', after: { revoked: expect.any(Array) } })
    expect((entry!.after as { revoked: string[] }).revoked).toHaveLength(2)
    expect((await post('/api/ops/user/revokeAllSessions', { userId: '00000000-0000-4000-8000-000000000000' }, 'support')).status).toBe(404)
  })
})

describe('messages to a user', () => {
  it('sends a message the user reads in their notifications, and audits it', async () => {
    const grace = await newUser()
    await expectGuarded('POST', '/api/ops/user/message', ['support'], { userId: grace.id, title: 'Hi', body: 'There' })
    expect((await post('/api/ops/user/message', { userId: grace.id, title: '   ', body: 'There' }, 'support')).body).toMatchObject({ code: 400, msg: 'Invalid input: title' })
    expect((await post('/api/ops/user/message', { userId: grace.id, title: 'Hi', body: 'x'.repeat(5001) }, 'support')).body).toMatchObject({ code: 400, msg: 'Invalid input: body' })
    const sent = await post('/api/ops/user/message', { userId: grace.id, title: 'Your documents', body: 'Please upload a clearer photo.' }, 'support')
    expect(sent.body.data).toMatchObject({ title: 'Your documents' })
    const inbox = await call(app, 'GET', '/api/getMyMessage', { token: grace.token })
    expect((inbox.body.data as { list: Array<{ title: string; body: string }> }).list[0]).toMatchObject({ title: 'Your documents', body: 'Please upload a clearer photo.' })
    expect(await auditOf(`user:${grace.id}`)).toEqual([
      expect.objectContaining({ action: 'messages.send', after: expect.objectContaining({ title: 'Your documents', body: 'Please upload a clearer photo.' }) }),
    ])
    expect((await post('/api/ops/user/message', { userId: '00000000-0000-4000-8000-000000000000', title: 'a', body: 'b' }, 'support')).status).toBe(404)
    await expectImmutable(`user:${grace.id}`)
  })
})

describe('the site notice', () => {
  it('publishes the notice the app shows, clears it, and audits both with the notice before', async () => {
    await expectGuarded('POST', '/api/ops/notice', ['support'], { title: 'Maintenance', content: '<p>Tonight</p>' })
    await expectGuarded('GET', '/api/ops/notice', ['support'])
    expect((await post('/api/ops/notice', { title: '', content: '<p>x</p>' }, 'support')).body).toMatchObject({ code: 400, msg: 'Invalid input: title' })
    const published = await post('/api/ops/notice', { title: 'Maintenance', content: '<p>Tonight</p>' }, 'support')
    expect(published.body.data).toMatchObject({ noticeTitle: 'Maintenance', noticeContent: '<p>Tonight</p>' })
    expect((await call(app, 'GET', '/api/getNotice')).body.data).toMatchObject({ noticeTitle: 'Maintenance' })
    expect((await get('/api/ops/notice', 'support')).body.data).toMatchObject({ noticeTitle: 'Maintenance' })
    expect((await post('/api/ops/notice/clear', {}, 'support')).body.data).toEqual({ cleared: 1 })
    expect((await call(app, 'GET', '/api/getNotice')).body.data).toBeNull()
    const [cleared, publish] = await auditOf('notice')
    expect(cleared).toMatchObject({ action: 'notice.clear', before: { noticeTitle: 'Maintenance' }, after: null })
    expect(publish).toMatchObject({ action: 'notice.publish', after: { noticeTitle: 'Maintenance', noticeContent: '<p>Tonight</p>' } })
    await expectImmutable('notice')
  })
})

describe('configuration values', () => {
  it('lists every key with its value and fallback, sets and unsets one (admin only), and audits the change', async () => {
    await expectGuarded('GET', '/api/ops/config', [])
    await expectGuarded('POST', '/api/ops/config', [], { configKey: 'chatProvider', value: 'x' })
    const list = await get('/api/ops/config', 'admin')
    expect(list.body.data).toEqual(expect.arrayContaining([{ configKey: 'platformName', value: null, fallback: 'Keelson' }]))
    expect((await post('/api/ops/config', { configKey: 'adminPassword', value: 'x' }, 'admin')).body).toMatchObject({ code: 400, msg: 'Invalid input: configKey' })

    // chatProvider: no other test file reads it, so a shared PostgreSQL run cannot see this change elsewhere.
    expect((await post('/api/ops/config', { configKey: 'chatProvider', value: 'crisp' }, 'admin')).body.data).toEqual({ configKey: 'chatProvider', value: 'crisp', fallback: null })
    expect((await call(app, 'GET', '/api/getConfigValue?configKey=chatProvider')).body.data).toEqual({ configKey: 'chatProvider', value: 'crisp' })
    expect((await post('/api/ops/config', { configKey: 'chatProvider', value: null }, 'admin')).status).toBe(200)
    expect((await call(app, 'GET', '/api/getConfigValue?configKey=chatProvider')).body.data).toEqual({ configKey: 'chatProvider', value: null })
    expect((await auditOf('config:chatProvider')).slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'config.set', before: { value: 'crisp' }, after: { value: null } }),
      expect.objectContaining({ action: 'config.set', before: { value: null }, after: { value: 'crisp' } }),
    ])
    await expectImmutable('config:chatProvider')
  })
})

describe('configuration values by kind', () => {
  it('refuses a value that does not fit its setting (a script URL, an address that is none, a bad offset), changing nothing', async () => {
    const refused = [
      { configKey: 'defaultWalletAddress', value: 'javascript:alert(document.cookie)' },
      { configKey: 'chatProvider', value: 'javascript:alert(1)' },
      { configKey: 'chatProvider', value: 'data:text/html,<script>alert(1)</script>' },
      { configKey: 'chatProvider', value: 'http://chat.example.com' },
      { configKey: 'serverTimezoneOffset', value: '99999' },
      { configKey: 'platformName', value: '<img src=x onerror=alert(1)>' },
    ]
    for (const body of refused) {
      const res = await post('/api/ops/config', body, 'admin')
      expect([body.value, res.status, res.body.msg]).toEqual([body.value, 400, 'Invalid input: value'])
    }
    const rows = (await get('/api/ops/config', 'admin')).body.data as Array<{ configKey: string; value: string | null }>
    expect(rows.find((r) => r.configKey === 'chatProvider')!.value ?? '').not.toMatch(/^(javascript|data|http):/)
    expect(rows.find((r) => r.configKey === 'defaultWalletAddress')!.value ?? '').not.toMatch(/^javascript:/)
    // A provider's https address is a chat provider.
    const https = await post('/api/ops/config', { configKey: 'chatProvider', value: 'https://chat.example.com/widget' }, 'admin')
    expect(https.status).toBe(200)
    expect((await post('/api/ops/config', { configKey: 'chatProvider', value: null }, 'admin')).status).toBe(200)
  })
})

describe('the ledger reconciliation', () => {
  it('shows finance the proof of conservation and the totals of each book', async () => {
    await newUser()
    await expectGuarded('GET', '/api/ops/reconciliation', ['finance'])
    const res = await get('/api/ops/reconciliation', 'finance')
    const found = res.body.data as { ok: boolean; mismatchedAccounts: number; currencies: Array<{ sum: string }>; totals: Array<{ book: string; owner: string; kind: string; currency: string; total: string }> }
    expect(found.ok).toBe(true)
    expect(found.mismatchedAccounts).toBe(0)
    expect(found.currencies.every((c) => c.sum === '0')).toBe(true)
    const demoUsers = found.totals.find((t) => t.book === 'demo' && t.owner === 'user' && t.kind === 'available' && t.currency === 'USDT')
    const demoFunding = found.totals.filter((t) => t.book === 'demo' && t.owner === 'system' && t.currency === 'USDT')
    expect(new Decimal(demoUsers!.total).gte(10000)).toBe(true)
    // What users hold in the demo book came from the platform's demo accounts: together they are exactly zero.
    const demoUsdt = [...demoFunding, ...found.totals.filter((t) => t.book === 'demo' && t.owner === 'user' && t.currency === 'USDT')]
    expect(demoUsdt.reduce((sum, t) => sum.plus(t.total), new Decimal(0)).isZero()).toBe(true)
  })
})
