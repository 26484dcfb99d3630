// Limit orders through HTTP: placing reserves the margin, cancelling releases it, and every refusal.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Order, OrderPage, TradeAccount } from '#contract/orders.ts'
import { reconcile } from '../../ledger/reconcile.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { publishQuotes, testClock, WEDNESDAY_15H, WEDNESDAY_22H } from './test-market.ts'

const clock = testClock()
let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now })
})
afterAll(() => app?.close())
beforeEach(async () => {
  clock.set(WEDNESDAY_15H)
  await publishQuotes(app, [['EURUSD', '1.16628', '1.16640'], ['AAPL', '230.00', '230.04']])
})

const post = (url: string, token: string | undefined, body: unknown, key: string | null = randomUUID()) =>
  call(app, 'POST', url, { token, body, headers: key ? { 'idempotency-key': key } : {} })
const get = (url: string, token?: string) => call(app, 'GET', url, { token })
const account = async (token: string) => (await get('/api/getTradeAccount', token)).body.data as TradeAccount
/** A buy limit below the market: waits for the ask to come down to 1.16000. */
const buyLimit = { symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 500, price: '1.16000', takeProfit: '1.17000', stopLoss: '1.15000' }

async function placed(token?: string) {
  const user = token ? { token } : await signIn(app)
  const res = await post('/api/createLimitOrder', user.token, buyLimit)
  expect(res.status).toBe(200)
  return { token: user.token, order: res.body.data as Order }
}

describe('POST /api/createLimitOrder', () => {
  it('places a pending order and holds its margin at the limit price (232 USDT), with no fee yet', async () => {
    const { token, order } = await placed()
    expect(order).toMatchObject({ kind: 'limit', status: 'pending', limitPrice: '1.16', openPrice: null, margin: '232', fee: '0', profit: '0' })
    // Held apart from the margin in use (no position is open), and out of the free margin.
    expect(await account(token)).toMatchObject({ balance: '10000', margin: '0', reserved: '232', freeMargin: '9768', marginLevel: null })
    const pending = (await get('/api/getLimitOrderList', token)).body.data as OrderPage
    expect(pending.list.map((o) => o.orderNo)).toEqual([order.orderNo])
    expect((await get(`/api/getLimitOrder?orderNo=${order.orderNo}`, token)).body.data).toEqual(pending.list[0])
  })

  it('answers the first outcome again for a repeated key and holds the margin once', async () => {
    const { token } = await signIn(app)
    const key = randomUUID()
    const first = await post('/api/createLimitOrder', token, buyLimit, key)
    expect((await post('/api/createLimitOrder', token, buyLimit, key)).body).toEqual(first.body)
    expect((await account(token)).reserved).toBe('232')
  })

  it('refuses TP/SL on the wrong side of the limit price, lots off the grid and a missing price (400)', async () => {
    const { token } = await signIn(app)
    expect((await post('/api/createLimitOrder', token, { ...buyLimit, takeProfit: '1.15500' })).body.msg).toBe(
      'unreasonable price setting for stop profit and stop loss',
    )
    expect((await post('/api/createLimitOrder', token, { ...buyLimit, lots: '0.001' })).status).toBe(400)
    expect((await post('/api/createLimitOrder', token, { ...buyLimit, price: undefined })).status).toBe(400)
    expect((await post('/api/createLimitOrder', token, { ...buyLimit, price: '-1' })).status).toBe(400)
    expect((await account(token)).margin).toBe('0')
  })

  it('answers 401 without a token, 409 on a closed market and 409 beyond the free margin', async () => {
    expect((await post('/api/createLimitOrder', undefined, buyLimit)).status).toBe(401)
    const { token } = await signIn(app)
    expect((await post('/api/createLimitOrder', token, { ...buyLimit, lots: '50' })).body).toMatchObject({ code: 409, msg: expect.stringContaining('free margin') })
    clock.set(WEDNESDAY_22H)
    const stock = { symbol: 'AAPL', side: 'buy', lots: '1', leverage: 5, price: '200.00' }
    expect((await post('/api/createLimitOrder', token, stock)).body).toEqual({ code: 409, msg: 'The market for AAPL is closed now', data: null })
    expect((await account(token)).margin).toBe('0')
  })
})

describe('POST /api/cancelLimitOrder', () => {
  it('cancels a pending order and releases its margin; it moves to the history', async () => {
    const { token, order } = await placed()
    const res = await post('/api/cancelLimitOrder', token, { orderNo: order.orderNo })
    expect(res.body.data).toMatchObject({ orderNo: order.orderNo, status: 'cancelled', closeTime: WEDNESDAY_15H })
    expect(await account(token)).toMatchObject({ balance: '10000', margin: '0' })
    expect(((await get('/api/getLimitOrderList', token)).body.data as OrderPage).total).toBe(0)
    const history = (await get('/api/getLimitOrderList?status=history', token)).body.data as OrderPage
    expect(history.list.map((o) => [o.orderNo, o.status])).toEqual([[order.orderNo, 'cancelled']])
    expect((await reconcile(app.db)).ok).toBe(true)
  })

  it('answers the first outcome for a repeated key and 409 for a second cancel', async () => {
    const { token, order } = await placed()
    const key = randomUUID()
    const first = await post('/api/cancelLimitOrder', token, { orderNo: order.orderNo }, key)
    expect((await post('/api/cancelLimitOrder', token, { orderNo: order.orderNo }, key)).body).toEqual(first.body)
    expect((await post('/api/cancelLimitOrder', token, { orderNo: order.orderNo })).body).toEqual({ code: 409, msg: 'This limit order is no longer pending', data: null })
    expect((await account(token)).margin).toBe('0')
  })

  it("answers 404 for another user's order (and for a position's number), 400 for a bad number, 401 without a token", async () => {
    const { token, order } = await placed()
    const other = await signIn(app)
    expect((await post('/api/cancelLimitOrder', other.token, { orderNo: order.orderNo })).body).toEqual({ code: 404, msg: 'Order not found', data: null })
    expect((await get(`/api/getLimitOrder?orderNo=${order.orderNo}`, other.token)).status).toBe(404)
    const position = (await post('/api/createContractOrder', token, { symbol: 'EURUSD', side: 'buy', lots: '0.1', leverage: 100 })).body.data as Order
    expect((await post('/api/cancelLimitOrder', token, { orderNo: position.orderNo })).status).toBe(404)
    expect((await post('/api/cancelLimitOrder', token, { orderNo: '1e5' })).status).toBe(400)
    expect((await get('/api/getLimitOrder?orderNo=x', token)).status).toBe(400)
    expect((await post('/api/cancelLimitOrder', undefined, { orderNo: order.orderNo })).status).toBe(401)
    expect((await account(token)).margin).not.toBe('0')
  })
})

describe('GET /api/getAllOrderList', () => {
  it('lists positions and limit orders of the book together, newest first, a page at a time', async () => {
    const { token, order } = await placed()
    const position = (await post('/api/createContractOrder', token, { symbol: 'EURUSD', side: 'sell', lots: '0.1', leverage: 100 })).body.data as Order
    const all = (await get('/api/getAllOrderList', token)).body.data as OrderPage
    expect(all.list.map((o) => [o.orderNo, o.kind])).toEqual([[position.orderNo, 'contract'], [order.orderNo, 'limit']])
    const second = (await get('/api/getAllOrderList?page=2&size=1', token)).body.data as OrderPage
    expect(second).toMatchObject({ total: 2, page: 2, size: 1, list: [{ orderNo: order.orderNo }] })
  })
})
