// Pending stop orders end to end (docs/trading.md, "Pending orders"): placed on the far side of the market from a
// limit, reserved like a limit, filled by the engine at the price that reached them (a gap fills at the gap price),
// named as stops in the lists, the record and the messages; and every pending order on the wrong side of the market
// refused with 400 instead of filling at once.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Order, OrderPage, TradeAccount } from '#contract/orders.ts'
import { reconcile } from '../../ledger/reconcile.ts'
import { engineOf } from '../../market/engine/engine.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { publishQuotes, testClock } from './test-market.ts'

const clock = testClock()
let app: FastifyInstance
beforeAll(async () => {
  // Its own engine lock: on a shared PostgreSQL, other suites' apps would otherwise lead instead.
  app = await buildTestApp({ now: clock.now, engineLockKey: 8_400_000 + Math.floor(Math.random() * 1_000_000) })
  await vi.waitFor(() => expect(engineOf(app)!.isLeader()).toBe(true))
})
afterAll(() => app?.close())

async function tick(...quotes: Array<[string, string, string]>) {
  await publishQuotes(app, quotes)
  await engineOf(app)!.idle()
}
beforeEach(() => tick(['EURUSD', '1.16628', '1.16640'], ['BTCUSDT', '95000.00', '95010.00']))

const post = (url: string, token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  call(app, 'POST', url, { token, body, headers: { 'idempotency-key': randomUUID(), ...headers } })
const get = async <T>(url: string, token: string) => (await call(app, 'GET', url, { token })).body.data as T
const order = async (token: string, orderNo: string) => (await get<OrderPage>('/api/getAllOrderList', token)).list.find((o) => o.orderNo === orderNo)!
const titles = async (token: string) => (await get<{ list: { title: string }[] }>('/api/getMyMessage', token)).list.map((m) => m.title)
const account = (token: string) => get<TradeAccount>('/api/getTradeAccount', token)
const records = async (token: string) => (await get<{ list: { text: string }[] }>('/api/getMyTransactionRecord', token)).list.map((r) => r.text)

/** A buy stop above the ask (1.16640): waits for the ask to rise to 1.17000. */
const buyStop = { symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 500, price: '1.17000', type: 'stop', takeProfit: '1.18000', stopLoss: '1.16000' }

describe('buy and sell stops', () => {
  it('holds a buy stop pending until the ask rises to it, then fills at the ask that reached it (a gap at the gap price)', async () => {
    const { token } = await signIn(app)
    const res = await post('/api/createLimitOrder', token, buyStop)
    expect(res.status).toBe(200)
    const stop = res.body.data as Order
    expect(stop).toMatchObject({ kind: 'limit', pendingType: 'stop', status: 'pending', limitPrice: '1.17', margin: '234' })
    expect((await account(token)).reserved).toBe('234')
    expect((await get<OrderPage>('/api/getLimitOrderList', token)).list.map((o) => [o.orderNo, o.pendingType])).toEqual([[stop.orderNo, 'stop']])

    // The ask falling further away, or rising to just under the level, fills nothing.
    await tick(['EURUSD', '1.16000', '1.16012'])
    await tick(['EURUSD', '1.16980', '1.16999'])
    expect((await order(token, stop.orderNo)).status).toBe('pending')
    await tick(['EURUSD', '1.17040', '1.17052'])
    const filled = await order(token, stop.orderNo)
    expect(filled).toMatchObject({ status: 'filled', pendingType: 'stop', openPrice: '1.17052' })
    const position = await order(token, filled.linkedOrderNo!)
    expect(position).toMatchObject({ kind: 'contract', status: 'open', openPrice: '1.17052', takeProfit: '1.18', stopLoss: '1.16', pendingType: null })
    expect(await titles(token)).toContain('Stop order filled')
    const texts = await records(token)
    expect(texts).toContain(`Buy stop 1 lot EURUSD #${stop.orderNo} placed: margin 234.00 held`)
    expect(texts.some((t) => t.startsWith(`Stop order #${stop.orderNo} filled: bought 1 lot EURUSD #${position.orderNo}`))).toBe(true)
    expect((await reconcile(app.db)).ok).toBe(true)
  })

  it('fills a sell stop when the bid falls to it, at that bid, and never a sell limit beside it', async () => {
    const { token } = await signIn(app)
    const stop = (await post('/api/createLimitOrder', token, { symbol: 'EURUSD', side: 'sell', lots: '0.1', leverage: 100, price: '1.16000', type: 'stop' })).body.data as Order
    const limit = (await post('/api/createLimitOrder', token, { symbol: 'EURUSD', side: 'sell', lots: '0.1', leverage: 100, price: '1.17000' })).body.data as Order
    expect([stop.pendingType, limit.pendingType]).toEqual(['stop', 'limit'])
    await tick(['EURUSD', '1.15990', '1.16002'])
    expect(await order(token, stop.orderNo)).toMatchObject({ status: 'filled', openPrice: '1.1599' })
    expect((await order(token, limit.orderNo)).status).toBe('pending')
  })

  it('cancels a stop whose fill the book can no longer pay, releases its reservation and says why', async () => {
    const { token } = await signIn(app)
    // 2 BTC at 1:20 hold 9 600 at 96 000; gapping to 100 000 the position needs 10 000 and a fee: more than the book has.
    const stop = (await post('/api/createLimitOrder', token, { symbol: 'BTCUSDT', side: 'buy', lots: '2', leverage: 20, price: '96000.00', type: 'stop' })).body.data as Order
    expect((await account(token)).reserved).toBe('9600')
    await tick(['BTCUSDT', '99990.00', '100000.00'])
    expect((await order(token, stop.orderNo)).status).toBe('cancelled')
    expect(await account(token)).toMatchObject({ reserved: '0', balance: '10000' })
    expect(await titles(token)).toContain('Stop order cancelled')
    expect(await records(token)).toContain(`Stop order #${stop.orderNo} BTCUSDT cancelled: margin 9,600.00 released`)
  })
})

describe('a pending order on the wrong side of the market', () => {
  it('refuses a buy limit at or above the ask and a sell limit at or below the bid, naming the stop that fits, and holds nothing', async () => {
    const { token } = await signIn(app)
    const atAsk = await post('/api/createLimitOrder', token, { symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 500, price: '1.16640' })
    expect(atAsk.body).toEqual({
      code: 400,
      msg: 'A buy limit waits below the ask (1.16640); at 1.16640 it would buy at once. To buy when the price rises to 1.16640, place a buy stop.',
      data: null,
    })
    const sell = await post('/api/createLimitOrder', token, { symbol: 'EURUSD', side: 'sell', lots: '1', leverage: 500, price: '1.16000' })
    expect(sell.body).toMatchObject({ code: 400, msg: expect.stringContaining('place a sell stop') })
    // In the caller's language.
    const german = await post('/api/createLimitOrder', token, { symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 500, price: '1.17000' }, { language: 'de_DE' })
    expect(german.status).toBe(400)
    expect(german.body.msg).toContain('Buy-Stop')
    expect(await account(token)).toMatchObject({ reserved: '0', balance: '10000' })
    expect((await get<OrderPage>('/api/getLimitOrderList', token)).total).toBe(0)
  })

  it('refuses a buy stop at or below the ask and a sell stop at or above the bid, naming the limit that fits', async () => {
    const { token } = await signIn(app)
    expect((await post('/api/createLimitOrder', token, { ...buyStop, price: '1.16640', takeProfit: undefined, stopLoss: undefined })).body).toMatchObject({
      code: 400,
      msg: expect.stringContaining('place a buy limit'),
    })
    expect((await post('/api/createLimitOrder', token, { symbol: 'EURUSD', side: 'sell', lots: '1', leverage: 500, price: '1.16628', type: 'stop' })).body).toMatchObject({
      code: 400,
      msg: expect.stringContaining('place a sell limit'),
    })
    expect((await account(token)).reserved).toBe('0')
  })

  it('holds a stop to the same checks as a limit: TP/SL sides, the price grid, the type, free margin, a token', async () => {
    const { token } = await signIn(app)
    expect((await post('/api/createLimitOrder', token, { ...buyStop, takeProfit: '1.16900' })).body.msg).toBe('unreasonable price setting for stop profit and stop loss')
    expect((await post('/api/createLimitOrder', token, { ...buyStop, price: '1.170001' })).body).toMatchObject({ code: 400, msg: expect.stringContaining('at most 5 decimals') })
    expect((await post('/api/createLimitOrder', token, { ...buyStop, type: 'trailing' })).status).toBe(400)
    expect((await post('/api/createLimitOrder', token, { ...buyStop, lots: '50' })).body).toMatchObject({ code: 409, msg: expect.stringContaining('free margin') })
    expect((await post('/api/createLimitOrder', undefined, buyStop)).status).toBe(401)
    expect((await account(token)).reserved).toBe('0')
  })
})
