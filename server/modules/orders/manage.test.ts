// Managing positions and orders through HTTP (manage.service.ts), on PGlite or PostgreSQL: TP/SL changes of a
// position and a pending order, partial closes, closing all; each refusal changes nothing, each replay answers the
// first result, races with the engine's closes leave the books reconciled (fileBooks().consistent).
// Over 300 lines: the four endpoints share one app, its quotes and helpers; split, each file would rebuild them.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Order, OrderPage, TradeAccount } from '#contract/orders.ts'
import type { ClosedAll, PartlyClosed } from '#contract/orders-manage.ts'
import { engineOf } from '../../market/engine/engine.ts'
import { buildTestApp, call } from '../../test/helpers.ts'
import { closeByTrigger } from './engine-actions.ts'
import { fileBooks } from './test-books.ts'
import { publishQuotes, testClock, WEDNESDAY_15H } from './test-market.ts'

const clock = testClock()
const books = fileBooks()
let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now })
})
afterAll(() => app?.close())
beforeEach(async () => {
  clock.set(WEDNESDAY_15H)
  await publishQuotes(app, [
    ['EURUSD', '1.16628', '1.16640'],
    ['BTCUSDT', '95000.00', '95010.00'],
  ])
})

const post = (url: string, token: string | undefined, body: unknown, key: string | null = randomUUID()) =>
  call(app, 'POST', url, { token, body, headers: key ? { 'idempotency-key': key } : {} })
const get = (url: string, token: string) => call(app, 'GET', url, { token })
const account = async (token: string) => (await get('/api/getTradeAccount', token)).body.data as TradeAccount
const positions = async (token: string) => ((await get('/api/getContractOrderList', token)).body.data as OrderPage).list
const eurusd = { symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 500 }

async function opened(token: string, body: Record<string, unknown> = eurusd) {
  const res = await post('/api/createContractOrder', token, body)
  expect(res.status).toBe(200)
  return res.body.data as Order
}

describe('POST /api/modifyOrderStops', () => {
  it('sets, changes and removes a position’s TP and SL, and the engine closes at the new take profit', async () => {
    const { token } = await books.signedIn(app)
    const { orderNo } = await opened(token)
    const set = await post('/api/modifyOrderStops', token, { orderNo, takeProfit: '1.17000', stopLoss: '1.16000' })
    expect(set.body.data).toMatchObject({ orderNo, takeProfit: '1.17', stopLoss: '1.16', status: 'open' })
    const removed = await post('/api/modifyOrderStops', token, { orderNo, takeProfit: '1.16700' })
    expect(removed.body.data).toMatchObject({ takeProfit: '1.167', stopLoss: null })
    await publishQuotes(app, [['EURUSD', '1.16710', '1.16722']])
    await engineOf(app)!.idle()
    expect(await positions(token)).toEqual([])
    const closed = ((await get('/api/getContractOrderList?status=closed', token)).body.data as OrderPage).list
    expect(closed[0]).toMatchObject({ orderNo, closeReason: 'take_profit', closePrice: '1.1671' })
    expect(await books.consistent(app)).toBe(true)
  })

  it('a removed take profit no longer closes, even when the engine fires the level it had indexed', async () => {
    const { token } = await books.signedIn(app)
    const { orderNo } = await opened(token, { ...eurusd, takeProfit: '1.16700' })
    await post('/api/modifyOrderStops', token, { orderNo })
    // As the engine of a process that has not heard of the change yet would.
    await closeByTrigger(app, BigInt(orderNo), 'take_profit', '1.16710')
    await publishQuotes(app, [['EURUSD', '1.16710', '1.16722']])
    await engineOf(app)!.idle()
    expect((await positions(token)).map((p) => [p.orderNo, p.status, p.takeProfit])).toEqual([[orderNo, 'open', null]])
  })

  it('changes a pending order’s TP and SL against its limit price', async () => {
    const { token } = await books.signedIn(app)
    const limit = (await post('/api/createLimitOrder', token, { ...eurusd, price: '1.16000' })).body.data as Order
    const res = await post('/api/modifyOrderStops', token, { orderNo: limit.orderNo, takeProfit: '1.16500', stopLoss: '1.15500' })
    expect(res.body.data).toMatchObject({ status: 'pending', limitPrice: '1.16', takeProfit: '1.165', stopLoss: '1.155' })
    // 1.16500 is below the price now but above the limit price: right for the order once it fills there.
    const wrong = await post('/api/modifyOrderStops', token, { orderNo: limit.orderNo, stopLoss: '1.16100' })
    expect(wrong.body).toMatchObject({ code: 400, msg: 'unreasonable price setting for stop profit and stop loss' })
  })

  it('answers a replay with the first result and changes nothing more', async () => {
    const { token } = await books.signedIn(app)
    const { orderNo } = await opened(token)
    const key = randomUUID()
    const first = await post('/api/modifyOrderStops', token, { orderNo, takeProfit: '1.17000' }, key)
    await post('/api/modifyOrderStops', token, { orderNo, takeProfit: '1.18000' })
    const again = await post('/api/modifyOrderStops', token, { orderNo, takeProfit: '1.17000' }, key)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toEqual(first.body)
    expect((await positions(token))[0]!.takeProfit).toBe('1.18')
  })

  it.each([
    [{ takeProfit: '1.16500' }, 400, 'unreasonable price setting for stop profit and stop loss'],
    [{ stopLoss: '1.16700' }, 400, 'unreasonable price setting for stop profit and stop loss'],
    [{ takeProfit: '1.170001' }, 400, 'Prices for EURUSD have at most 5 decimals; 1.170001 has more'],
    [{ takeProfit: '-1' }, 400, 'Invalid input: takeProfit'],
  ])('refuses %j on a buy (%i) and keeps the TP and SL it had', async (stops, code, msg) => {
    const { token } = await books.signedIn(app)
    const { orderNo } = await opened(token, { ...eurusd, takeProfit: '1.18000', stopLoss: '1.15000' })
    const res = await post('/api/modifyOrderStops', token, { orderNo, ...stops })
    expect(res.body).toMatchObject({ code, msg })
    expect((await positions(token))[0]).toMatchObject({ takeProfit: '1.18', stopLoss: '1.15' })
  })

  it('answers 404 for another user’s order, 409 for a closed one, 401 without a token, 400 without a key', async () => {
    const { token } = await books.signedIn(app)
    const other = await books.signedIn(app)
    const { orderNo } = await opened(token)
    expect((await post('/api/modifyOrderStops', other.token, { orderNo, takeProfit: '1.17' })).body).toMatchObject({ code: 404, msg: 'Order not found' })
    expect((await post('/api/modifyOrderStops', undefined, { orderNo })).status).toBe(401)
    expect((await post('/api/modifyOrderStops', token, { orderNo }, null)).status).toBe(400)
    await post('/api/closePositionOrder', token, { orderNo })
    expect((await post('/api/modifyOrderStops', token, { orderNo, takeProfit: '1.17' })).body).toMatchObject({ code: 409, msg: 'This position is already closed' })
  })
})

describe('POST /api/partialClosePosition', () => {
  it('closes 0.4 of 1 lot: +24 USDT settled, 93.312 of the 233.28 margin released, 0.6 lot stays open', async () => {
    const { token } = await books.signedIn(app)
    const position = await opened(token, { ...eurusd, takeProfit: '1.18000' })
    await publishQuotes(app, [['EURUSD', '1.16700', '1.16712']])
    const res = await post('/api/partialClosePosition', token, { orderNo: position.orderNo, lots: '0.4' })
    expect(res.status).toBe(200)
    const { closed, position: kept } = res.body.data as PartlyClosed
    // (1.16700 − 1.16640) × 100 000 × 0.4 = 24.
    expect(closed).toMatchObject({ status: 'closed', lots: '0.4', profit: '24', margin: '93.312', openPrice: '1.1664', closePrice: '1.167', linkedOrderNo: position.orderNo })
    expect(kept).toMatchObject({ orderNo: position.orderNo, status: 'open', lots: '0.6', margin: '139.968', takeProfit: '1.18' })
    // 9 763.2208 after the open, + 93.312 margin + 24 P/L.
    expect(await account(token)).toMatchObject({ margin: '139.968', available: '9880.5328', balance: '10020.5008' })
    const record = (await get('/api/getMyTransactionRecord', token)).body.data as { list: { text: string; amount: string }[] }
    expect(record.list[0]).toMatchObject({ text: `Partially closed 0.4 lots EURUSD #${position.orderNo}: P/L +24.00, margin 93.31 released`, amount: '117.312' })
    expect(await books.consistent(app)).toBe(true)
  })

  it('answers a replay with the first result and closes the part once; a second part closes from what is left', async () => {
    const { token } = await books.signedIn(app)
    const { orderNo } = await opened(token)
    const key = randomUUID()
    const first = await post('/api/partialClosePosition', token, { orderNo, lots: '0.3' }, key)
    const again = await post('/api/partialClosePosition', token, { orderNo, lots: '0.3' }, key)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toEqual(first.body)
    expect((await positions(token))[0]!.lots).toBe('0.7')
    expect((await post('/api/partialClosePosition', token, { orderNo, lots: '0.5' })).body.data).toMatchObject({ position: { lots: '0.2' } })
    expect(await books.consistent(app)).toBe(true)
  })

  it.each([['1'], ['1.5'], ['0.015'], ['0.995']])('refuses %s lots of 1 (400) and changes nothing', async (lots) => {
    const { token } = await books.signedIn(app)
    const { orderNo } = await opened(token)
    const before = await account(token)
    const res = await post('/api/partialClosePosition', token, { orderNo, lots })
    expect(res.body).toMatchObject({ code: 400, msg: 'To close part of this EURUSD position, choose lots in steps of 0.01, less than its 1 lots' })
    expect(await account(token)).toEqual(before)
    expect((await positions(token))[0]!.lots).toBe('1')
  })

  it('five partial closes at once: the lots never go below zero and the books reconcile', async () => {
    const { token } = await books.signedIn(app)
    const { orderNo } = await opened(token)
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('/api/partialClosePosition', token, { orderNo, lots: '0.4' })))
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 200, 400, 400, 400])
    expect((await positions(token))[0]).toMatchObject({ lots: '0.2', margin: '46.656' })
    expect(await books.consistent(app)).toBe(true)
  })

  it('racing the take profit: the position closes once in all, part by part, and the books reconcile', async () => {
    const { token } = await books.signedIn(app)
    const { orderNo } = await opened(token, { ...eurusd, takeProfit: '1.16700' })
    const [res] = await Promise.all([post('/api/partialClosePosition', token, { orderNo, lots: '0.5' }), publishQuotes(app, [['EURUSD', '1.16710', '1.16722']])])
    await engineOf(app)!.idle()
    expect([200, 409]).toContain(res.body.code)
    expect(await positions(token)).toEqual([])
    expect(await account(token)).toMatchObject({ margin: '0', reserved: '0' })
    expect(await books.consistent(app)).toBe(true)
  })

  it('the database refuses a position’s lots or margin changed without a closed part (0028_orders_split_close.sql)', async () => {
    const { token } = await books.signedIn(app)
    const { orderNo } = await opened(token)
    const refusal = (query: ReturnType<typeof sql>) => app.db.execute(query).then(() => 'accepted', (e: Error) => String(e.cause ?? e))
    expect(await refusal(sql`UPDATE orders SET lots = 0.5, margin = 116.64 WHERE id = ${orderNo}`)).toMatch(/frozen/)
    expect(await refusal(sql`UPDATE orders SET margin = 1 WHERE id = ${orderNo}`)).toMatch(/frozen/)
    expect(await refusal(sql`UPDATE orders SET lots = 2, margin = 466.56 WHERE id = ${orderNo}`)).toMatch(/frozen/)
    expect((await positions(token))[0]).toMatchObject({ lots: '1', margin: '233.28' })
  })

  it('answers 404 for a limit order or another user’s position, 401 without a token', async () => {
    const { token } = await books.signedIn(app)
    const other = await books.signedIn(app)
    const { orderNo } = await opened(token)
    const limit = (await post('/api/createLimitOrder', token, { ...eurusd, price: '1.16000' })).body.data as Order
    expect((await post('/api/partialClosePosition', other.token, { orderNo, lots: '0.5' })).status).toBe(404)
    expect((await post('/api/partialClosePosition', token, { orderNo: limit.orderNo, lots: '0.5' })).status).toBe(404)
    expect((await post('/api/partialClosePosition', undefined, { orderNo, lots: '0.5' })).status).toBe(401)
  })
})

describe('POST /api/editLimitOrder', () => {
  const place = async (token: string) => (await post('/api/createLimitOrder', token, { ...eurusd, price: '1.16000', takeProfit: '1.17000' })).body.data as Order
  const pending = async (token: string) => ((await get('/api/getLimitOrderList', token)).body.data as OrderPage).list

  it('moves a buy limit to 1.15000 for 2 lots: the old order is cancelled, the new one holds 460 USDT instead of 232', async () => {
    const { token } = await books.signedIn(app)
    const old = await place(token)
    expect(await account(token)).toMatchObject({ reserved: '232' })
    const res = await post('/api/editLimitOrder', token, { orderNo: old.orderNo, price: '1.15000', lots: '2', takeProfit: '1.16500' })
    const now = res.body.data as Order
    expect(now).toMatchObject({ status: 'pending', side: 'buy', leverage: 500, limitPrice: '1.15', lots: '2', margin: '460', takeProfit: '1.165', stopLoss: null })
    expect(now.orderNo).not.toBe(old.orderNo)
    expect((await pending(token)).map((o) => o.orderNo)).toEqual([now.orderNo])
    expect(await account(token)).toMatchObject({ balance: '10000', reserved: '460', available: '9540' })
    const record = (await get('/api/getMyTransactionRecord', token)).body.data as { list: { text: string }[] }
    expect(record.list.slice(0, 2).map((r) => r.text)).toEqual([
      `Buy limit 2 lots EURUSD #${now.orderNo} placed: margin 460.00 held`,
      `Limit order #${old.orderNo} EURUSD cancelled: margin 232.00 released`,
    ])
    expect(await books.consistent(app)).toBe(true)
  })

  it('answers a replay with the first result and reserves once', async () => {
    const { token } = await books.signedIn(app)
    const old = await place(token)
    const key = randomUUID()
    const body = { orderNo: old.orderNo, price: '1.15500', lots: '1' }
    const first = await post('/api/editLimitOrder', token, body, key)
    const again = await post('/api/editLimitOrder', token, body, key)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toEqual(first.body)
    expect((await pending(token)).length).toBe(1)
    expect((await account(token)).reserved).toBe('231')
  })

  it('refuses 50 lots the book cannot pay (409), and the order waits as it was', async () => {
    const { token } = await books.signedIn(app)
    const old = await place(token)
    const res = await post('/api/editLimitOrder', token, { orderNo: old.orderNo, price: '1.15000', lots: '50' })
    expect(res.body).toMatchObject({ code: 409, msg: 'Not enough free margin: this order needs 11,500 USDT and 10,000 USDT is free' })
    expect((await pending(token)).map((o) => [o.orderNo, o.limitPrice, o.lots, o.takeProfit])).toEqual([[old.orderNo, '1.16', '1', '1.17']])
    expect(await account(token)).toMatchObject({ reserved: '232', available: '9768' })
  })

  it('a buy stop stays a buy stop: moved to 1.17500 it waits above the ask; moved below the ask it is refused and waits as it was', async () => {
    const { token } = await books.signedIn(app)
    const stop = (await post('/api/createLimitOrder', token, { ...eurusd, price: '1.17000', type: 'stop' })).body.data as Order
    const moved = (await post('/api/editLimitOrder', token, { orderNo: stop.orderNo, price: '1.17500', lots: '1' })).body.data as Order
    expect(moved).toMatchObject({ status: 'pending', pendingType: 'stop', limitPrice: '1.175' })
    const refused = await post('/api/editLimitOrder', token, { orderNo: moved.orderNo, price: '1.16000', lots: '1' })
    expect(refused.status).toBe(400)
    expect(refused.body.msg).toMatch(/^A buy stop waits above the ask/)
    expect((await pending(token)).map((o) => [o.orderNo, o.pendingType, o.limitPrice])).toEqual([[moved.orderNo, 'stop', '1.175']])
    expect(await books.consistent(app)).toBe(true)
  })

  it.each([
    [{ price: '1.15000', lots: '0.015' }, 400, 'Lots for EURUSD go from 0.01 to 100 in steps of 0.01'],
    [{ price: '1.15000', lots: '1', takeProfit: '1.14000' }, 400, 'unreasonable price setting for stop profit and stop loss'],
    [{ price: '1.150001', lots: '1' }, 400, 'Prices for EURUSD have at most 5 decimals; 1.150001 has more'],
    [{ lots: '1' }, 400, 'Invalid input: price'],
  ])('refuses %j (%i) and keeps the order', async (change, code, msg) => {
    const { token } = await books.signedIn(app)
    const old = await place(token)
    expect((await post('/api/editLimitOrder', token, { orderNo: old.orderNo, ...change })).body).toMatchObject({ code, msg })
    expect((await pending(token)).map((o) => o.orderNo)).toEqual([old.orderNo])
  })

  it('answers 404 for a position or another user’s order, 409 once cancelled, 401 without a token', async () => {
    const { token } = await books.signedIn(app)
    const other = await books.signedIn(app)
    const old = await place(token)
    const position = await opened(token)
    const body = { price: '1.15000', lots: '1' }
    expect((await post('/api/editLimitOrder', token, { ...body, orderNo: position.orderNo })).status).toBe(404)
    expect((await post('/api/editLimitOrder', other.token, { ...body, orderNo: old.orderNo })).status).toBe(404)
    expect((await post('/api/editLimitOrder', undefined, { ...body, orderNo: old.orderNo })).status).toBe(401)
    await post('/api/cancelLimitOrder', token, { orderNo: old.orderNo })
    expect((await post('/api/editLimitOrder', token, { ...body, orderNo: old.orderNo })).body).toMatchObject({ code: 409, msg: 'This limit order is no longer pending' })
  })

  it('racing its fill: either it filled and the edit is refused, or it waits at the new price; the books reconcile', async () => {
    const { token } = await books.signedIn(app)
    const old = await place(token)
    const [res] = await Promise.all([
      post('/api/editLimitOrder', token, { orderNo: old.orderNo, price: '1.15000', lots: '1' }),
      publishQuotes(app, [['EURUSD', '1.15978', '1.15990']]),
    ])
    await engineOf(app)!.idle()
    const [open, waiting] = [await positions(token), await pending(token)]
    if (res.body.code === 200) expect([open.length, waiting.map((o) => o.limitPrice)]).toEqual([0, ['1.15']])
    else expect([res.body.code, open.length, waiting.length]).toEqual([409, 1, 0])
    expect(await books.consistent(app)).toBe(true)
  })
})

describe('POST /api/closeAllPositions', () => {
  it('closes every EURUSD position, then every position of the book, and then says there is none', async () => {
    const { token } = await books.signedIn(app)
    const a = await opened(token)
    const b = await opened(token, { ...eurusd, side: 'sell' })
    const btc = await opened(token, { symbol: 'BTCUSDT', side: 'buy', lots: '0.1', leverage: 100 })
    const limit = (await post('/api/createLimitOrder', token, { ...eurusd, price: '1.16000' })).body.data as Order
    const some = (await post('/api/closeAllPositions', token, { symbol: 'EURUSD' })).body.data as ClosedAll
    expect(some.closed.map((o) => o.orderNo).sort()).toEqual([a.orderNo, b.orderNo].sort())
    expect((await positions(token)).map((p) => p.orderNo)).toEqual([btc.orderNo])
    const rest = (await post('/api/closeAllPositions', token, {})).body.data as ClosedAll
    expect(rest.closed.map((o) => [o.orderNo, o.status])).toEqual([[btc.orderNo, 'closed']])
    // Pending orders are not positions: they keep waiting.
    expect(((await get('/api/getLimitOrderList', token)).body.data as OrderPage).list.map((o) => o.orderNo)).toEqual([limit.orderNo])
    expect((await post('/api/closeAllPositions', token, {})).body).toMatchObject({ code: 409, msg: 'There are no open positions to close' })
    expect((await post('/api/closeAllPositions', token, { symbol: 'EURUSD' })).body).toMatchObject({ code: 409, msg: 'There are no open EURUSD positions to close' })
    expect(await account(token)).toMatchObject({ margin: '0', reserved: '232' })
    expect(await books.consistent(app)).toBe(true)
  })

  it('answers a replay with the first result and closes nothing opened since', async () => {
    const { token } = await books.signedIn(app)
    await opened(token)
    const key = randomUUID()
    const first = await post('/api/closeAllPositions', token, {}, key)
    const later = await opened(token)
    const again = await post('/api/closeAllPositions', token, {}, key)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toEqual(first.body)
    expect((await positions(token)).map((p) => p.orderNo)).toEqual([later.orderNo])
  })

  it('racing a take profit and other close-alls: every position closes exactly once and the books reconcile', async () => {
    const { token } = await books.signedIn(app)
    await opened(token, { ...eurusd, takeProfit: '1.16700' })
    await opened(token)
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => post('/api/closeAllPositions', token, {})),
      publishQuotes(app, [['EURUSD', '1.16710', '1.16722']]).then(() => null),
    ])
    await engineOf(app)!.idle()
    expect(answers.filter((a) => a?.body.code === 200).length).toBeGreaterThanOrEqual(1)
    expect(await positions(token)).toEqual([])
    const closed = ((await get('/api/getContractOrderList?status=closed', token)).body.data as OrderPage).total
    expect(closed).toBe(2)
    expect(await books.consistent(app)).toBe(true)
  })

  it('refuses an unknown symbol (400) and answers 401 without a token', async () => {
    const { token } = await books.signedIn(app)
    expect((await post('/api/closeAllPositions', token, { symbol: 'not a symbol!' })).status).toBe(400)
    expect((await post('/api/closeAllPositions', undefined, {})).status).toBe(401)
  })
})
