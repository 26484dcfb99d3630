// GET /api/getPositionHistory: closed positions, latest close first, filtered by symbol, side, how they closed and
// close time, with the P/L totals of the whole filter.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PositionHistory } from '#contract/history.ts'
import type { Order } from '#contract/orders.ts'
import { dec } from '#contract/trading-math.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { publishQuotes, testClock, WEDNESDAY_15H } from './test-market.ts'

const clock = testClock()
let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now })
})
afterAll(() => app?.close())

const MINUTE = 60_000
const post = (url: string, token: string, body: unknown) => call(app, 'POST', url, { token, body, headers: { 'idempotency-key': randomUUID() } })
const history = async (token: string, qs = '') => {
  const res = await call(app, 'GET', `/api/getPositionHistory${qs}`, { token })
  expect(res.status).toBe(200)
  return res.body.data as PositionHistory
}
const open = async (token: string, symbol: string, side: 'buy' | 'sell') =>
  ((await post('/api/createContractOrder', token, { symbol, side, lots: '1', leverage: 100 })).body.data as Order).orderNo
const close = async (token: string, orderNo: string, at: number) => {
  clock.set(at)
  expect((await post('/api/closePositionOrder', token, { orderNo })).status).toBe(200)
}

/**
 * Three positions opened at 15:00 (EURUSD buy, EURUSD sell, BTCUSDT buy), closed in another order: the BTCUSDT buy
 * at 15:10 (+50), the EURUSD sell at 15:20 (−20), the EURUSD buy at 15:30 (+10). One more stays open.
 */
async function trader() {
  const { token } = await signIn(app)
  clock.set(WEDNESDAY_15H)
  await publishQuotes(app, [['EURUSD', '1.10000', '1.10000'], ['BTCUSDT', '95000', '95000']])
  const eurBuy = await open(token, 'EURUSD', 'buy')
  const eurSell = await open(token, 'EURUSD', 'sell')
  const btcBuy = await open(token, 'BTCUSDT', 'buy')
  await open(token, 'EURUSD', 'buy')
  await publishQuotes(app, [['EURUSD', '1.10010', '1.10020'], ['BTCUSDT', '95050', '95060']])
  await close(token, btcBuy, WEDNESDAY_15H + 10 * MINUTE)
  await close(token, eurSell, WEDNESDAY_15H + 20 * MINUTE)
  await close(token, eurBuy, WEDNESDAY_15H + 30 * MINUTE)
  return { token, eurBuy, eurSell, btcBuy }
}

describe('GET /api/getPositionHistory', () => {
  it('lists closed positions by close time, latest first, with the P/L totals of the filter', async () => {
    const { token, eurBuy, eurSell, btcBuy } = await trader()
    const all = await history(token)
    expect(all.list.map((o) => [o.orderNo, o.status, o.profit])).toEqual([
      [eurBuy, 'closed', '10'],
      [eurSell, 'closed', '-20'],
      [btcBuy, 'closed', '50'],
    ])
    expect(all).toMatchObject({ total: 3, page: 1, size: 20, symbols: ['BTCUSDT', 'EURUSD'] })
    const fees = all.list.reduce((sum, o) => sum.plus(o.fee), dec('0'))
    expect(all.totals).toEqual([{ currency: 'USDT', count: 3, wins: 2, losses: 1, profit: '40', fee: fees.toFixed(), net: dec('40').minus(fees).toFixed() }])
  })

  it('orders by close time, not by open time: the position opened first and closed last comes first', async () => {
    const { token } = await signIn(app)
    clock.set(WEDNESDAY_15H)
    await publishQuotes(app, [['EURUSD', '1.10000', '1.10000']])
    const first = await open(token, 'EURUSD', 'buy')
    clock.set(WEDNESDAY_15H + MINUTE)
    const second = await open(token, 'EURUSD', 'buy')
    clock.set(WEDNESDAY_15H + 2 * MINUTE)
    const third = await open(token, 'EURUSD', 'buy')
    await close(token, second, WEDNESDAY_15H + 10 * MINUTE)
    await close(token, third, WEDNESDAY_15H + 20 * MINUTE)
    await close(token, first, WEDNESDAY_15H + 30 * MINUTE)
    const { list } = await history(token)
    // Neither open order (first, second, third) nor its reverse: latest close first.
    expect(list.map((o) => o.orderNo)).toEqual([first, third, second])
    expect(list.map((o) => o.closeTime)).toEqual([30, 20, 10].map((m) => WEDNESDAY_15H + m * MINUTE))
  })

  it('filters by symbol, side, close reason and close time, the totals with them', async () => {
    const { token, eurBuy, eurSell, btcBuy } = await trader()
    const eur = await history(token, '?symbol=EURUSD')
    expect(eur.list.map((o) => o.orderNo)).toEqual([eurBuy, eurSell])
    expect(eur.totals[0]).toMatchObject({ count: 2, profit: '-10', wins: 1, losses: 1 })
    expect(eur.symbols).toEqual(['BTCUSDT', 'EURUSD'])
    expect((await history(token, '?side=sell')).list.map((o) => o.orderNo)).toEqual([eurSell])
    expect((await history(token, '?closeReason=user')).total).toBe(3)
    expect(await history(token, '?closeReason=stop_out')).toMatchObject({ total: 0, list: [], totals: [] })
    const window = await history(token, `?from=${WEDNESDAY_15H + 5 * MINUTE}&to=${WEDNESDAY_15H + 20 * MINUTE}`)
    expect(window.list.map((o) => o.orderNo)).toEqual([eurSell, btcBuy])
    expect(window.totals[0]).toMatchObject({ count: 2, profit: '30' })
  })

  it('pages through the filter, the totals for all of it', async () => {
    const { token, eurSell } = await trader()
    const second = await history(token, '?page=2&size=1')
    expect(second.list.map((o) => o.orderNo)).toEqual([eurSell])
    expect(second).toMatchObject({ total: 3, totals: [{ count: 3, profit: '40' }] })
  })

  it('shows nothing of another user or of the other book', async () => {
    await trader()
    const { token } = await signIn(app)
    expect(await history(token)).toMatchObject({ total: 0, list: [], totals: [], symbols: [] })
    const mine = await trader()
    await post('/api/updateAccountType', mine.token, { accountType: 'live' })
    expect(await history(mine.token)).toMatchObject({ total: 0, symbols: [] })
  })

  it.each(['symbol=eur%2Fusd', 'side=long', 'closeReason=margin', 'from=2000&to=1000', 'to=1e20', 'page=0', 'size=101'])('answers 400 for %s', async (qs) => {
    const { token } = await signIn(app)
    expect((await call(app, 'GET', `/api/getPositionHistory?${qs}`, { token })).status).toBe(400)
  })

  it('answers 401 without a token', async () => {
    expect((await call(app, 'GET', '/api/getPositionHistory')).status).toBe(401)
  })
})
