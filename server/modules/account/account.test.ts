import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverMessages } from '#contract/server-messages.ts'
import { postJournal } from '../../ledger/post.ts'
import { buildTestApp, call, newWallet, signIn } from '../../test/helpers.ts'
import { hashToken, newToken } from '../../plugins/auth.ts'
import { insertSession, upsertWalletUser } from '../auth/users.repository.ts'
import { houseShardOf } from '../../ledger/shards.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app?.close())

const get = (url: string, token?: string, headers?: Record<string, string>) => call(app, 'GET', url, { token, headers })
const post = (url: string, token: string | undefined, body: unknown, key?: string) =>
  call(app, 'POST', url, { token, body, headers: key ? { 'idempotency-key': key } : {} })
type Row = { kind: string; reason: string; text: string; amount: string; book: string; balanceAfter?: string }

describe('GET /api/getBalance', () => {
  it('shows a new user 10000 demo USDT and an empty live book', async () => {
    const { token } = await signIn(app)
    const demo = await get('/api/getBalance', token)
    expect(demo.body).toEqual({
      code: 200,
      msg: 'success',
      data: { book: 'demo', totalUsdt: '10000', currencies: [{ currency: 'USDT', available: '10000', inUse: '0', locked: '0', total: '10000' }] },
    })
    expect((await post('/api/updateAccountType', token, { accountType: 'live' })).body.data).toEqual({ accountType: 'live' })
    const live = await get('/api/getBalance', token)
    expect(live.body.data).toMatchObject({ book: 'live', totalUsdt: '0' })
    expect((await post('/api/updateAccountType', token, { accountType: 'demo' })).status).toBe(200)
    expect((await get('/api/getBalance', token)).body.data).toMatchObject({ book: 'demo', totalUsdt: '10000' })
  })

  it('funds a demo book that was never funded on first look, even if a refused posting left it an empty account', async () => {
    const user = await upsertWalletUser(app.db, newWallet().address, new Date())
    const demo = (kind: 'available') => ({ ownerId: user.id, book: 'demo', kind }) as const
    await expect(
      postJournal(app.db, {
        kind: 'fee',
        reason: 'transfer',
        idempotencyKey: randomUUID(),
        legs: [
          { account: demo('available'), amount: '-1', currency: 'USDT' },
          { account: { ownerId: null, book: 'demo', kind: 'fees' }, amount: '1', currency: 'USDT' },
        ],
      }),
    ).rejects.toMatchObject({ statusCode: 409 })
    const token = newToken()
    await insertSession(app.db, hashToken(token), user.id, new Date())
    expect((await get('/api/getBalance', token)).body.data).toMatchObject({ book: 'demo', totalUsdt: '10000' })
  })

  it('never answers a false zero to concurrent first calls of new users whose book was not funded yet', async () => {
    // Users made without a sign-up (as before the ledger existed): nothing funded their demo book yet.
    const tokens = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const user = await upsertWalletUser(app.db, newWallet().address, new Date())
        const token = newToken()
        await insertSession(app.db, hashToken(token), user.id, new Date())
        return token
      }),
    )
    const answers = await Promise.all(tokens.flatMap((token) => Array.from({ length: 20 }, () => get('/api/getBalance', token))))
    expect(answers.map((a) => (a.body.data as { totalUsdt: string }).totalUsdt)).toEqual(answers.map(() => '10000'))
    for (const token of tokens) expect((await get('/api/getMyTransactionRecord', token)).body.data).toMatchObject({ total: 1 })
  })

  it('answers 401 without a token', async () => {
    expect((await get('/api/getBalance')).body).toEqual({ code: 401, msg: serverMessages.unauthorized.message, data: null })
  })
})

describe('POST /api/updateAccountType', () => {
  it.each([[{ accountType: 'real' }], [{}], [[]]])('answers 400 for %j', async (body) => {
    const { token } = await signIn(app)
    const res = await post('/api/updateAccountType', token, body)
    expect(res.status).toBe(400)
    expect((await get('/api/getMyAccountInfo', token)).body.data).toMatchObject({ accountType: 'demo' })
  })

  it('answers 401 without a token', async () => {
    expect((await post('/api/updateAccountType', undefined, { accountType: 'live' })).status).toBe(401)
  })
})

describe('POST /api/resetDemo', () => {
  it('restores 10000 USDT through a journal, once per idempotency key', async () => {
    const { token } = await signIn(app)
    const key = randomUUID()
    const first = await post('/api/resetDemo', token, {}, key)
    expect(first.body.data).toMatchObject({ book: 'demo', totalUsdt: '10000' })
    expect((await post('/api/resetDemo', token, {}, key)).status).toBe(200)
    const record = await get('/api/getMyTransactionRecord', token)
    // Funding only: the demo book already held 10000, so the reset moved nothing.
    expect((record.body.data as { list: Row[] }).list.map((r) => r.kind)).toEqual(['demo_funding'])
  })

  it('needs an Idempotency-Key, and a token', async () => {
    const { token } = await signIn(app)
    expect((await post('/api/resetDemo', token, {})).body).toMatchObject({ code: 400, msg: serverMessages.idempotencyKeyRequired.message })
    expect((await post('/api/resetDemo', undefined, {}, randomUUID())).status).toBe(401)
    expect((await post('/api/resetDemo', token, [1], randomUUID())).status).toBe(400)
  })
})

describe('GET /api/getMyTransactionRecord', () => {
  it('lists the demo funding told in the caller\'s language, only for the current book', async () => {
    const { token } = await signIn(app)
    const res = await get('/api/getMyTransactionRecord?page=1&size=10', token, { language: 'en_US' })
    expect(res.body.data).toMatchObject({ total: 1, page: 1, size: 10 })
    const [row] = (res.body.data as { list: Row[] }).list
    expect(row).toMatchObject({ kind: 'demo_funding', event: 'demo_funding', reason: 'demo.funding', text: 'Demo funds', amount: '10000', book: 'demo', balanceAfter: '10000' })
    expect((await get('/api/getMyTransactionRecord?kind=deposit', token)).body.data).toMatchObject({ total: 0, list: [] })
    expect((await get(`/api/getMyTransactionRecord?to=${Date.now() - 3_600_000}`, token)).body.data).toMatchObject({ total: 0 })
    await post('/api/updateAccountType', token, { accountType: 'live' })
    expect((await get('/api/getMyTransactionRecord', token)).body.data).toMatchObject({ total: 0, list: [] })
  })

  it('lists rows newest first by entry, with running balances in that order, whatever the journals\' start times', async () => {
    const { token } = await signIn(app)
    const { id } = (await get('/api/getMyAccountInfo', token)).body.data as { id: string }
    // A journal whose transaction started an hour before the funding's, but whose entries were written after them.
    await app.db.execute(sql`
      WITH j AS (INSERT INTO journals (kind, reason, idempotency_key, user_id, created_at)
          VALUES ('transfer', 'transfer', ${randomUUID()}, ${id}, now() - interval '1 hour') RETURNING id),
        mine AS (SELECT id, balance FROM accounts WHERE owner_id = ${id} AND book = 'demo' AND kind = 'available' AND currency = 'USDT'),
        house AS (SELECT id, balance FROM accounts WHERE owner_id IS NULL AND book = 'demo' AND kind = 'demo_funding' AND currency = 'USDT' AND shard = ${houseShardOf(app.db, id)})
      INSERT INTO entries (journal_id, account_id, amount, currency, balance_after)
        SELECT j.id, mine.id, 5, 'USDT', mine.balance + 5 FROM j, mine
        UNION ALL SELECT j.id, house.id, -5, 'USDT', house.balance - 5 FROM j, house`)
    const list = ((await get('/api/getMyTransactionRecord', token)).body.data as { list: Row[] }).list
    expect(list.map((r) => [r.kind, r.amount, r.balanceAfter])).toEqual([
      ['transfer', '5', '10005'],
      ['demo_funding', '10000', '10000'],
    ])
  })

  it('never shows another user\'s rows', async () => {
    const a = await signIn(app)
    const b = await signIn(app)
    await post('/api/resetDemo', a.token, {}, randomUUID())
    const rows = (await get('/api/getMyTransactionRecord', b.token)).body.data as { total: number }
    expect(rows.total).toBe(1)
  })

  it.each(['page=0', 'size=101', 'kind=bogus', 'from=-1', 'to=abc', 'page=1.5'])('answers 400 for %s', async (qs) => {
    const { token } = await signIn(app)
    expect((await get(`/api/getMyTransactionRecord?${qs}`, token)).status).toBe(400)
  })

  it('answers 401 without a token', async () => {
    expect((await get('/api/getMyTransactionRecord')).status).toBe(401)
  })
})

describe('GET /api/getMyTransactionRecordStatic', () => {
  it('totals the record by kind', async () => {
    const { token } = await signIn(app)
    const res = await get('/api/getMyTransactionRecordStatic', token)
    expect(res.body.data).toEqual({ book: 'demo', list: [{ kind: 'demo_funding', currency: 'USDT', credit: '10000', debit: '0', net: '10000', count: 1 }] })
  })

  it('answers 400 for a bad range and 401 without a token', async () => {
    const { token } = await signIn(app)
    expect((await get('/api/getMyTransactionRecordStatic?from=x', token)).status).toBe(400)
    expect((await get('/api/getMyTransactionRecordStatic')).status).toBe(401)
  })
})

describe('GET /api/exportTransactionRecord', () => {
  it('downloads the user\'s own rows as CSV in their language', async () => {
    const { token } = await signIn(app)
    await signIn(app)
    const res = await app.inject({ method: 'GET', url: '/api/exportTransactionRecord', headers: { authorization: token, language: 'en_US' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="keelson-transactions-demo.csv"')
    const lines = res.body.split('\r\n')
    expect(lines[0]).toBe('time,event,description,symbol,order,side,lots,amount,fee,profit,currency,book,available_after')
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z,demo_funding,Demo funds,,,,,10000,,,USDT,demo,10000$/)
    expect(lines.slice(2)).toEqual([''])
  })

  it('answers 400 for a bad range and 401 without a token, in the envelope', async () => {
    const { token } = await signIn(app)
    expect((await get('/api/exportTransactionRecord?from=x', token)).body).toMatchObject({ code: 400 })
    expect((await get('/api/exportTransactionRecord')).body).toEqual({ code: 401, msg: serverMessages.unauthorized.message, data: null })
  })
})

describe('GET /api/health/ledger', () => {
  it('tells anyone only whether the books are consistent, not how much money exists', async () => {
    await signIn(app)
    const res = await get('/api/health/ledger')
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ ok: true })
  })
})

describe('balance_update', () => {
  it('is published to the user after a demo reset that moved money, and the reset is in the record', async () => {
    const { token } = await signIn(app)
    const info = (await get('/api/getMyAccountInfo', token)).body.data as { id: string }
    await postJournal(app.db, {
      kind: 'fee',
      reason: 'transfer',
      idempotencyKey: randomUUID(),
      userId: info.id,
      legs: [
        { account: { ownerId: info.id, book: 'demo', kind: 'available' }, amount: '-2500.5', currency: 'USDT' },
        { account: { ownerId: null, book: 'demo', kind: 'fees' }, amount: '2500.5', currency: 'USDT' },
      ],
    })
    expect((await get('/api/getBalance', token)).body.data).toMatchObject({ totalUsdt: '7499.5' })
    const published: unknown[] = []
    const original = app.hub.publishToUser
    app.hub.publishToUser = (userId, message) => {
      published.push({ userId, message })
      return original(userId, message)
    }
    try {
      const res = await post('/api/resetDemo', token, {}, randomUUID())
      expect(res.body.data).toMatchObject({ totalUsdt: '10000' })
    } finally {
      app.hub.publishToUser = original
    }
    expect(published).toEqual([{ userId: info.id, message: { messageType: 'balance_update', data: { book: 'demo' } } }])
    const list = ((await get('/api/getMyTransactionRecord', token)).body.data as { list: Row[] }).list
    expect(list[0]).toMatchObject({ kind: 'demo_reset', event: 'demo_reset', text: 'Demo funds reset', amount: '2500.5', balanceAfter: '10000' })
    expect((await get('/api/health/ledger')).body.data).toMatchObject({ ok: true })
  })
})
