// The order engine end to end on the database: quotes published on the bus (as the simulator or a feed does) close
// positions at TP and SL, fill limit orders and stop accounts out, at the price of the tick that crossed (a gap fills
// at the gap price), with the ledger, the order history, the user's messages and the socket events to match.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MessagePage } from '#contract/messages.ts'
import type { Order, OrderPage, TradeAccount } from '#contract/orders.ts'
import { reconcile } from '../../ledger/reconcile.ts'
import { closeByTrigger, fillLimit } from '../../modules/orders/engine-actions.ts'
import { publishQuotes, testClock } from '../../modules/orders/test-market.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { engineOf, startEngine } from './engine.ts'

const clock = testClock()
let app: FastifyInstance
beforeAll(async () => {
  // Its own engine lock: on a shared PostgreSQL, other suites' apps would otherwise lead instead.
  app = await buildTestApp({ now: clock.now, engineLockKey: 7_400_000 + Math.floor(Math.random() * 1_000_000) })
  await vi.waitFor(() => expect(engineOf(app)!.isLeader()).toBe(true))
})
afterAll(async () => {
  // A test starts a second engine, which the app's own cleanup does not know about.
  await engineOf(app)?.stop()
  await app?.close()
})

/** Quotes through the bus, then waits until the engine has done what they triggered. */
async function tick(...quotes: Array<[string, string, string]>) {
  await publishQuotes(app, quotes)
  await engineOf(app)!.idle()
}
beforeEach(() => tick(['EURUSD', '1.16628', '1.16640'], ['BTCUSDT', '95000.00', '95010.00']))

const post = (url: string, token: string, body: unknown) => call(app, 'POST', url, { token, body, headers: { 'idempotency-key': randomUUID() } })
const get = async <T>(url: string, token: string) => (await call(app, 'GET', url, { token })).body.data as T
const open = async (token: string, body: object) => (await post('/api/createContractOrder', token, { symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 500, ...body })).body.data as Order
const order = async (token: string, orderNo: string) => (await get<OrderPage>('/api/getAllOrderList', token)).list.find((o) => o.orderNo === orderNo)!
/** The user's messages as a reader of `language` sees them. */
const inbox = async (token: string, language = 'en_US') =>
  ((await call(app, 'GET', '/api/getMyMessage', { token, headers: { language } })).body.data as MessagePage).list
const titles = async (token: string) => (await get<{ list: { title: string }[] }>('/api/getMyMessage', token)).list.map((m) => m.title)
const journals = async (key: string) =>
  ((await app.db.execute(sql`SELECT count(*)::int AS n FROM journals WHERE idempotency_key = ${key}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n

describe('take profit and stop loss', () => {
  it('closes a buy whose take profit the bid gaps through at the gap price, records why, and tells the user', async () => {
    const { token } = await signIn(app)
    const position = await open(token, { takeProfit: '1.17000', stopLoss: '1.16000' })
    await tick(['EURUSD', '1.16990', '1.17002'])
    expect((await order(token, position.orderNo)).status).toBe('open')
    await tick(['EURUSD', '1.17100', '1.17112'])
    const closed = await order(token, position.orderNo)
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'take_profit', closePrice: '1.171', profit: '460', closeMarginLevel: '4482.38' })
    expect(await titles(token)).toContain('Take profit reached')
    expect((await get<TradeAccount>('/api/getTradeAccount', token)).balance).toBe('10456.5008')
    // Once closed, crossing the stop loss changes nothing.
    await tick(['EURUSD', '1.15000', '1.15012'])
    expect((await get<TradeAccount>('/api/getTradeAccount', token)).balance).toBe('10456.5008')
  })

  it("names the closed position's symbol, side, lots, price and P/L in the reader's language, and links to it", async () => {
    const { token } = await signIn(app)
    const position = (await post('/api/createContractOrder', token, { symbol: 'BTCUSDT', side: 'buy', lots: '1.5', leverage: 100, takeProfit: '96000' })).body
      .data as Order
    // 1.5 × (96 123.45 − 95 010) = 1 670.175, shown to the cent.
    await tick(['BTCUSDT', '96123.45', '96133.45'])
    expect(await order(token, position.orderNo)).toMatchObject({ status: 'closed', closeReason: 'take_profit', closePrice: '96123.45', profit: '1670.175' })
    const [en] = await inbox(token, 'en_US')
    expect(en).toMatchObject({
      title: 'Take profit reached',
      body: `Your position #${position.orderNo} Buy 1.5 lots BTCUSDT was closed at its take profit at 96,123.45. P/L: +1,670.18 USDT.`,
      order: { orderNo: position.orderNo, book: 'demo', place: 'history' },
    })
    const [de] = await inbox(token, 'de_DE')
    expect(de).toMatchObject({
      title: 'Take-Profit erreicht',
      body: `Ihre Position #${position.orderNo} Kauf 1,5 Lots BTCUSDT wurde bei ihrem Take-Profit zu 96.123,45 geschlossen. Ergebnis: +1.670,18 USDT.`,
    })
  })

  it('closes a sell at the ask when the ask reaches its stop loss', async () => {
    const { token } = await signIn(app)
    const position = await open(token, { side: 'sell', stopLoss: '1.16800' })
    await tick(['EURUSD', '1.16790', '1.16802'])
    expect(await order(token, position.orderNo)).toMatchObject({ status: 'closed', closeReason: 'stop_loss', closePrice: '1.16802', profit: '-174' })
    expect(await titles(token)).toContain('Stop loss reached')
    expect((await reconcile(app.db)).ok).toBe(true)
  })
})

describe('limit orders', () => {
  it('fills a buy limit when the ask comes down through its price, at that ask, and its position then takes profit', async () => {
    const { token } = await signIn(app)
    const limit = (await post('/api/createLimitOrder', token, { symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 500, price: '1.16000', takeProfit: '1.16500' })).body.data as Order
    await tick(['EURUSD', '1.16010', '1.16022'])
    expect((await order(token, limit.orderNo)).status).toBe('pending')
    await tick(['EURUSD', '1.15938', '1.15950'])
    const filled = await order(token, limit.orderNo)
    expect(filled).toMatchObject({ status: 'filled', openPrice: '1.1595' })
    const position = await order(token, filled.linkedOrderNo!)
    expect(position).toMatchObject({ kind: 'contract', status: 'open', openPrice: '1.1595', margin: '231.9', fee: '3.4785', takeProfit: '1.165', linkedOrderNo: limit.orderNo })
    expect(await get<TradeAccount>('/api/getTradeAccount', token)).toMatchObject({ margin: '231.9', balance: '9996.5215' })
    expect(await titles(token)).toContain('Limit order filled')
    // The message names the position it opened and links to it while it is open, to its history entry once closed.
    const filledMessage = async () => (await inbox(token)).find((m) => m.title === 'Limit order filled')!
    expect(await filledMessage()).toMatchObject({
      body: `Your limit order filled at 1.15950: it opened position #${position.orderNo} Buy 1 lot EURUSD.`,
      order: { orderNo: position.orderNo, book: 'demo', place: 'position' },
    })
    await tick(['EURUSD', '1.16510', '1.16522'])
    expect(await order(token, position.orderNo)).toMatchObject({ status: 'closed', closeReason: 'take_profit', profit: '560' })
    expect((await filledMessage()).order).toEqual({ orderNo: position.orderNo, book: 'demo', place: 'history' })
  })

  it('is rebuilt from the database by a new leader: a pending order placed before it started still fills', async () => {
    const { token } = await signIn(app)
    const limit = (await post('/api/createLimitOrder', token, { symbol: 'EURUSD', side: 'sell', lots: '0.1', leverage: 100, price: '1.17000' })).body.data as Order
    await engineOf(app)!.stop()
    startEngine(app, app.conf)
    await vi.waitFor(() => expect(engineOf(app)!.isLeader()).toBe(true))
    await tick(['EURUSD', '1.17020', '1.17032'])
    expect(await order(token, limit.orderNo)).toMatchObject({ status: 'filled', openPrice: '1.1702' })
  })
})

describe('stop-out', () => {
  it('closes the largest loss first, at the current price, until the margin level is back above the stop-out level', async () => {
    const { token } = await signIn(app)
    const first = await open(token, {})
    await tick(['EURUSD', '1.18628', '1.18640'])
    const second = await open(token, {})
    // Equity 9 992.9416 − 9 780 = 212.9416 on 470.56 margin: 45.25 % < 50 %. Closing the second (−5 890) leaves
    // 233.28 margin: 91.3 %, so the first stays open.
    await tick(['EURUSD', '1.12750', '1.12762'])
    expect(await order(token, second.orderNo)).toMatchObject({ status: 'closed', closeReason: 'stop_out', closePrice: '1.1275', profit: '-5890', closeMarginLevel: '45.25' })
    expect((await order(token, first.orderNo)).status).toBe('open')
    expect(await titles(token)).toContain('Position closed by stop-out')
    expect((await reconcile(app.db)).ok).toBe(true)
  })
})

describe('stop-out across symbols', () => {
  it('re-checks an account holding two symbols when either ticks, and closes the BTC loss first', async () => {
    const { token } = await signIn(app)
    const btc = (await post('/api/createContractOrder', token, { symbol: 'BTCUSDT', side: 'buy', lots: '1', leverage: 20 })).body.data as Order
    const eur = await open(token, {})
    // Balance 10 000 − 47.505 − 3.4992 = 9 948.9958 on 4 983.78 margin. BTC at 87 500 (−7 510) and EURUSD's spread
    // (−12): equity 2 426.9958, 48.70 % < 50 %. Closing BTC leaves 233.28 margin: the level recovers.
    await tick(['BTCUSDT', '87500.00', '87510.00'])
    expect(await order(token, btc.orderNo)).toMatchObject({ status: 'closed', closeReason: 'stop_out', closePrice: '87500', profit: '-7510', closeMarginLevel: '48.7' })
    expect((await order(token, eur.orderNo)).status).toBe('open')
    expect((await reconcile(app.db)).ok).toBe(true)
  })
})

describe('idempotent fills and closes', () => {
  it('leaves no trace of a fill that crashed after its posting, and settles exactly once however often it runs', async () => {
    const { token } = await signIn(app)
    // The TP and SL the closes below fire at: a trigger closes only at a level the position has.
    const body = { symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 500, price: '1.10000', takeProfit: '1.12000', stopLoss: '1.09500' }
    const limit = (await post('/api/createLimitOrder', token, body)).body.data as Order
    const id = BigInt(limit.orderNo)
    const crash = () => {
      throw new Error('leader killed')
    }
    await expect(fillLimit(app, id, '1.09990', crash)).rejects.toThrow('leader killed')
    expect((await order(token, limit.orderNo)).status).toBe('pending')
    expect(await journals(`fill:${id}`)).toBe(0)
    await Promise.all([fillLimit(app, id, '1.09990'), fillLimit(app, id, '1.09990')])
    await fillLimit(app, id, '1.09990')
    const all = await get<OrderPage>('/api/getAllOrderList', token)
    expect(all.list.map((o) => [o.kind, o.status])).toEqual([['contract', 'open'], ['limit', 'filled']])
    expect(await journals(`fill:${id}`)).toBe(1)

    const positionNo = BigInt(all.list[0]!.orderNo)
    await expect(closeByTrigger(app, positionNo, 'stop_loss', '1.09000', crash)).rejects.toThrow('leader killed')
    await Promise.all([closeByTrigger(app, positionNo, 'stop_loss', '1.09000'), closeByTrigger(app, positionNo, 'take_profit', '1.12000')])
    expect(await journals(`close:${positionNo}`)).toBe(1)
    expect((await get<OrderPage>('/api/getContractOrderList?status=closed', token)).total).toBe(1)
    expect((await reconcile(app.db)).ok).toBe(true)
  })
})
