// Contract orders claim their Idempotency-Key and store its outcome in the transaction of their work
// (server/idempotency/in-transaction.ts): what a user retrying a request sees must not change with that.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Order, OrderPage, TradeAccount } from '#contract/orders.ts'
import { serverMessages } from '#contract/server-messages.ts'
import { claimInTx, newTicket } from '../../idempotency/in-transaction.ts'
import { reconcile } from '../../ledger/reconcile.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { publishQuotes, testClock, WEDNESDAY_15H } from './test-market.ts'

const clock = testClock()
let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now })
})
afterAll(() => app?.close())
beforeEach(async () => {
  clock.set(WEDNESDAY_15H)
  await publishQuotes(app, [['EURUSD', '1.16628', '1.16640']])
})

const post = (url: string, token: string, body: unknown, key = randomUUID()) => call(app, 'POST', url, { token, body, headers: { 'idempotency-key': key } })
const get = async <T>(url: string, token: string) => (await call(app, 'GET', url, { token })).body.data as T
const eurusd = { symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 500 }
const stored = async (key: string) =>
  ((await app.db.execute(sql`SELECT state, status_code, message_key, data::text AS data FROM idempotency_keys WHERE key = ${key}`)) as unknown as {
    rows: { state: string; status_code: number; message_key: string | null; data: string | null }[]
  }).rows

describe('an order’s Idempotency-Key, claimed in its own transaction', () => {
  it('stores the answer the user got, and answers it again for a repeat, opening one position', async () => {
    const { token } = await signIn(app)
    const key = randomUUID()
    const first = await post('/api/createContractOrder', token, eurusd, key)
    expect(first.status).toBe(200)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    const [row] = await stored(key)
    expect(row).toMatchObject({ state: 'done', status_code: 200, message_key: null })
    expect(JSON.parse(row!.data!)).toEqual(first.body.data)
    const again = await post('/api/createContractOrder', token, eurusd, key)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toEqual(first.body)
    expect((await get<OrderPage>('/api/getContractOrderList?status=open', token)).total).toBe(1)
  })

  it('answers 422 for the same key with another order, and opens nothing more', async () => {
    const { token } = await signIn(app)
    const key = randomUUID()
    await post('/api/createContractOrder', token, eurusd, key)
    const other = await post('/api/createContractOrder', token, { ...eurusd, lots: '2' }, key)
    expect(other.body).toMatchObject({ code: 422, msg: serverMessages.idempotencyKeyReused.message })
    expect((await get<TradeAccount>('/api/getTradeAccount', token)).margin).toBe('233.28')
  })

  it('keeps a refusal decided in the transaction: the retry is refused again even once the order could be paid', async () => {
    const { token } = await signIn(app)
    // 40 lots at leverage 500 hold 9 331.2 of the 10 000: another 10 lots cannot be paid.
    const big = (await post('/api/createContractOrder', token, { ...eurusd, lots: '40' })).body.data as Order
    const key = randomUUID()
    const refused = await post('/api/createContractOrder', token, { ...eurusd, lots: '10' }, key)
    expect(refused.body).toMatchObject({ code: 409, msg: expect.stringContaining('free margin') })
    expect(await stored(key)).toEqual([expect.objectContaining({ state: 'done', status_code: 409, message_key: 'insufficientMargin' })])
    expect((await post('/api/closePositionOrder', token, { orderNo: big.orderNo })).status).toBe(200)
    const retried = await post('/api/createContractOrder', token, { ...eurusd, lots: '10' }, key)
    expect(retried.headers['idempotent-replayed']).toBe('true')
    expect(retried.body).toEqual(refused.body)
    // A new key is a new request: it opens.
    expect((await post('/api/createContractOrder', token, { ...eurusd, lots: '10' })).status).toBe(200)
  })

  it('replays a refusal made before any transaction (an invalid lot size) under its key', async () => {
    const { token } = await signIn(app)
    const key = randomUUID()
    const first = await post('/api/createContractOrder', token, { ...eurusd, lots: '0.015' }, key)
    expect(first.status).toBe(400)
    const again = await post('/api/createContractOrder', token, { ...eurusd, lots: '0.015' }, key)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toEqual(first.body)
  })

  it('opens one position for ten requests with one key sent at once, and answers all ten with it', async () => {
    const { token } = await signIn(app)
    const key = randomUUID()
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('/api/createContractOrder', token, eurusd, key)))
    // No 409 "still being processed": a repeat waits for the first's transaction, then is answered its outcome.
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(new Set(answers.map((a) => (a.body.data as Order).orderNo)).size).toBe(1)
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(9)
    expect((await get<OrderPage>('/api/getContractOrderList?status=open', token)).total).toBe(1)
    expect((await get<TradeAccount>('/api/getTradeAccount', token)).margin).toBe('233.28')
    expect((await reconcile(app.db)).ok).toBe(true)
  })

  it('closes once per key: the repeat answers the close again, another key is told the position is closed', async () => {
    const { token } = await signIn(app)
    const order = (await post('/api/createContractOrder', token, eurusd)).body.data as Order
    const key = randomUUID()
    const closed = await post('/api/closePositionOrder', token, { orderNo: order.orderNo }, key)
    expect(closed.body.data).toMatchObject({ orderNo: order.orderNo, status: 'closed' })
    const again = await post('/api/closePositionOrder', token, { orderNo: order.orderNo }, key)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toEqual(closed.body)
    expect((await post('/api/closePositionOrder', token, { orderNo: order.orderNo })).body).toMatchObject({ code: 409, msg: serverMessages.positionNotOpen.message })
  })

  it('gives the key back when the transaction rolls back: nothing of the claim stays', async () => {
    await signIn(app)
    const [user] = ((await app.db.execute(sql`SELECT id FROM users LIMIT 1`)) as unknown as { rows: { id: string }[] }).rows
    const scope = { userId: user!.id, endpoint: 'POST /createContractOrder', key: randomUUID() }
    const ticket = newTicket(scope, 'a'.repeat(64), (value) => value)
    const failing = app.db.transaction((tx) =>
      claimInTx(
        tx,
        [{ ticket }],
        app.now(),
        {
          read: async () => null,
          work: async () => {
            throw new Error('the work failed')
          },
        },
        () => null,
      ),
    )
    await expect(failing).rejects.toThrow('the work failed')
    expect(ticket.state.kind).toBe('unused')
    expect(await stored(scope.key)).toEqual([])
  })
})
