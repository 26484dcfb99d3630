// Racing orders on one account, on PostgreSQL with a pool (real parallel transactions; PGlite has one connection,
// so it is skipped there). The book lock (orders.repository.ts lockBook) must make the free-margin check and the
// posting one step: the ledger alone would only stop `available` at zero, and floating losses would be ignored.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order, TradeAccount } from '#contract/orders.ts'
import { reconcile } from '../../ledger/reconcile.ts'
import { buildTestApp, call, signIn, usingPostgres } from '../../test/helpers.ts'
import { publishQuotes, testClock } from './test-market.ts'

describe.skipIf(!usingPostgres)('orders racing on one account (PostgreSQL)', () => {
  const clock = testClock()
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildTestApp({ now: clock.now })
    await publishQuotes(app, [['EURUSD', '1.16628', '1.16640']])
  })
  afterAll(() => app?.close())

  const post = (url: string, token: string, body: unknown) => call(app, 'POST', url, { token, body, headers: { 'idempotency-key': randomUUID() } })

  it('200 orders at once never take the free margin below zero, counting the floating loss of each one opened', async () => {
    const { token } = await signIn(app)
    // Each takes 233.28 margin + 3.4992 fee and opens 12 USDT under water (the spread): 248.7792 of free margin.
    // 10 000 covers 40 of them (40 × 248.7792 = 9 951.168) and not a 41st; the ledger alone would allow 42.
    const body = { symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 500 }
    const answers = await Promise.all(Array.from({ length: 200 }, () => post('/api/createContractOrder', token, body)))
    const codes = answers.map((a) => a.body.code)
    expect(codes.filter((c) => c === 200)).toHaveLength(40)
    expect(codes.filter((c) => c === 409)).toHaveLength(160)
    const acc = (await call(app, 'GET', '/api/getTradeAccount', { token })).body.data as TradeAccount
    expect(acc).toMatchObject({ margin: '9331.2', freeMargin: '48.832' })
    expect((await reconcile(app.db)).ok).toBe(true)

    // Five closes of each position at once: each settles exactly once.
    const orders = answers.filter((a) => a.body.code === 200).map((a) => (a.body.data as Order).orderNo)
    const closes = await Promise.all(orders.flatMap((orderNo) => Array.from({ length: 5 }, () => post('/api/closePositionOrder', token, { orderNo }))))
    expect(closes.filter((c) => c.body.code === 200)).toHaveLength(40)
    expect(closes.filter((c) => c.body.code === 409)).toHaveLength(160)
    const after = (await call(app, 'GET', '/api/getTradeAccount', { token })).body.data as TradeAccount
    // Every position lost the spread (12) and paid its fee (3.4992).
    expect(after).toMatchObject({ margin: '0', balance: '9380.032' })
    expect((await reconcile(app.db)).ok).toBe(true)
  })
})
