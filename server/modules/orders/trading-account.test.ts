// The trading account has one owner (src/contract/trading-account.ts): the figures the ticket and the account screen
// show are the ones every server check, fill and reset acts on, and live money never trades on invented prices.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Order, OrderPage, TradeAccount } from '#contract/orders.ts'
import type { Instrument } from '#contract/markets.ts'
import type { Ticker } from '#contract/socket.ts'
import { postJournal } from '../../ledger/post.ts'
import { instrumentBySymbol } from '../../market/catalogue.ts'
// eslint-disable-next-line no-restricted-imports -- the test holds the ticket's own code to the server's answers
import { liveLevel, previewOrder, type Market } from '../../../src/features/trade/preview.ts'
import { buildTestApp, call } from '../../test/helpers.ts'
import { userIdOf } from '../../idempotency/test-endpoints.ts'
import { dec } from '#contract/trading-math.ts'
import { fillLimit } from './engine-actions.ts'
import { settlementPlan } from './orders.money-close.ts'
import type { OrderRow } from './orders.table.ts'
import { reconcileBooks } from './orders.subledger.ts'
import { fileBooks } from './test-books.ts'
import { publishQuotes, testClock, WEDNESDAY_15H } from './test-market.ts'

const { signedIn, consistent } = fileBooks()


const clock = testClock()
let app: FastifyInstance
let counting: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now })
  counting = await buildTestApp({ now: clock.now, floatingInFreeMargin: 'profit_and_loss' })
})
afterAll(async () => {
  await app?.close()
  await counting?.close()
})
const START: [string, string, string][] = [
  ['EURUSD', '1.16628', '1.16640'],
  ['BTCUSDT', '95000.00', '95010.00'],
]
beforeEach(async () => {
  clock.set(WEDNESDAY_15H)
  await publishQuotes(app, START)
  await publishQuotes(counting, START)
})

const post = (on: FastifyInstance, url: string, token: string, body: unknown) =>
  call(on, 'POST', url, { token, body, headers: { 'idempotency-key': randomUUID() } })
const get = (on: FastifyInstance, url: string, token: string) => call(on, 'GET', url, { token })
const account = async (on: FastifyInstance, token: string) => (await get(on, '/api/getTradeAccount', token)).body.data as TradeAccount
const positions = async (on: FastifyInstance, token: string) => ((await get(on, '/api/getContractOrderList', token)).body.data as OrderPage).list
const opened = async (on: FastifyInstance, token: string, body: object) => {
  const res = await post(on, '/api/createContractOrder', token, body)
  expect(res.body.msg).toBe('success')
  return res.body.data as Order
}

/** The ticket's view of the market: this app's quote book and catalogue. */
const marketOf = (on: FastifyInstance): Market => ({
  instrument: (s) => instrumentBySymbol(s) as Instrument | undefined,
  quote: (s) => on.quotes.get(s),
  quotes: on.quotes.all() as Ticker[],
})

/** Sells 1 lot EURUSD with a limit at 1.17000 (1 170 USDT held), then buys 0.92 BTCUSDT at 95 010 with leverage 10,
 * which leaves 45.3754 USDT of cash; then BTCUSDT rises by 4 990: 4 590.80 of floating profit. */
async function bookInProfit(on: FastifyInstance) {
  const { token } = await signedIn(on)
  const limit = (await post(on, '/api/createLimitOrder', token, { symbol: 'EURUSD', side: 'sell', lots: '1', leverage: 100, price: '1.17000' })).body.data as Order
  await opened(on, token, { symbol: 'BTCUSDT', side: 'buy', lots: '0.92', leverage: 10 })
  await publishQuotes(on, [['EURUSD', '1.16628', '1.16640'], ['BTCUSDT', '100000.00', '100010.00']])
  return { token, limit }
}

describe('free margin and "can this order be paid"', () => {
  it('leaves floating profit out of free margin by default ("loss only"): the ticket and the server agree on what is refused', async () => {
    const { token } = await bookInProfit(app)
    const acc = await account(app, token)
    expect(acc).toMatchObject({ available: '45.3754', reserved: '1170', margin: '8740.92', floatingProfit: '4590.8', freeMargin: '45.3754', floatingInFreeMargin: 'loss_only' })
    // 0.1 lot EURUSD at leverage 100: 116.64 margin, more than the cash. The ticket says so, and the server refuses
    // with its own message naming the free margin, never the ledger's "Insufficient balance".
    const order = { symbol: 'EURUSD', side: 'buy', lots: '0.1', leverage: 100 } as const
    const preview = previewOrder(instrumentBySymbol('EURUSD')!, order, acc, await positions(app, token), marketOf(app))!
    expect(preview.isAffordable).toBe(false)
    expect(preview.before.freeMargin.toFixed()).toBe('45.3754')
    const refused = await post(app, '/api/createContractOrder', token, order)
    expect(refused.body).toEqual({ code: 409, msg: expect.stringContaining('45.3754 USDT is free'), data: null })
    // 0.02 lot (23.3280 margin and fee): both say yes.
    const small = { ...order, lots: '0.02' }
    expect(previewOrder(instrumentBySymbol('EURUSD')!, small, acc, await positions(app, token), marketOf(app))!.isAffordable).toBe(true)
    expect((await post(app, '/api/createContractOrder', token, small)).status).toBe(200)
    expect(await consistent(app)).toBe(true)
  })

  it('counts floating profit in free margin when set to "profit and loss", yet pays an order only from cash, and says so', async () => {
    const { token } = await bookInProfit(counting)
    const acc = await account(counting, token)
    expect(acc).toMatchObject({ available: '45.3754', freeMargin: '4636.1754', floatingInFreeMargin: 'profit_and_loss' })
    // Before, this order was accepted by the free-margin check and then refused by the ledger ("Insufficient balance").
    const order = { symbol: 'EURUSD', side: 'buy', lots: '0.1', leverage: 100 } as const
    expect(previewOrder(instrumentBySymbol('EURUSD')!, order, acc, await positions(counting, token), marketOf(counting))!.isAffordable).toBe(false)
    const refused = await post(counting, '/api/createContractOrder', token, order)
    expect(refused.body).toEqual({
      code: 409,
      msg: 'Not enough cash: this order needs 116.98992 USDT and 45.3754 USDT is available; floating profit becomes cash only when its position closes',
      data: null,
    })
  })

  it('cancels a limit order that gapped through its price when the book cannot pay the fill, instead of failing on every tick', async () => {
    const { token, limit } = await bookInProfit(app)
    // EURUSD gaps to 1.25000: the short needs 1 250 margin (80 more than held) and a 3.75 fee, more than the 45.3754
    // of cash, though far less than the floating profit.
    await publishQuotes(app, [['EURUSD', '1.25000', '1.25012'], ['BTCUSDT', '100000.00', '100010.00']])
    await fillLimit(app, BigInt(limit.orderNo), '1.25000')
    const after = (await get(app, `/api/getLimitOrder?orderNo=${limit.orderNo}`, token)).body.data as Order
    expect(after.status).toBe('cancelled')
    const messages = (await get(app, '/api/getMyMessage', token)).body.data as { list: { title: string }[] }
    expect(messages.list[0]!.title).toBe('Limit order cancelled')
    expect(await account(app, token)).toMatchObject({ reserved: '0', available: '1215.3754' })
    expect(await consistent(app)).toBe(true)
  })
})

describe('margin level', () => {
  it('divides equity by the positions\' margin only, on the screen, in the API and for the engine, with a pending order beside them', async () => {
    const { token } = await bookInProfit(app)
    const acc = await account(app, token)
    // equity 10 000 − 43.7046 fee + 4 590.8 = 14 547.0954; margin in use 8 740.92 (the 1 170 of the limit apart)
    expect(acc.equity).toBe('14547.0954')
    expect(acc.marginLevel).toBe('166.43')
    const screen = liveLevel(acc, await positions(app, token), marketOf(app))
    expect(screen.marginLevel!.toFixed(2)).toBe(acc.marginLevel)
    expect(screen.reserved.toFixed()).toBe('1170')
  })
})

describe('demo reset', () => {
  it('closes positions and cancels pending orders at current prices first, so nothing is orphaned', async () => {
    const { token } = await signedIn(app)
    const position = await opened(app, token, { symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 100, takeProfit: '1.17000' })
    const limit = (await post(app, '/api/createLimitOrder', token, { symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 100, price: '1.16000' })).body.data as Order
    const reset = await post(app, '/api/resetDemo', token, {})
    expect(reset.status).toBe(200)
    expect(await positions(app, token)).toEqual([])
    const closed = ((await get(app, '/api/getContractOrderList?status=closed', token)).body.data as OrderPage).list
    expect(closed.map((o) => [o.orderNo, o.status, o.closePrice])).toEqual([[position.orderNo, 'closed', '1.16628']])
    expect(((await get(app, `/api/getLimitOrder?orderNo=${limit.orderNo}`, token)).body.data as Order).status).toBe('cancelled')
    expect(await account(app, token)).toMatchObject({ balance: '10000', margin: '0', reserved: '0', available: '10000', marginLevel: null })
    expect(await consistent(app)).toBe(true)
    // The crossed take profit finds nothing to close (before, it failed on every tick).
    await publishQuotes(app, [['EURUSD', '1.18000', '1.18012']])
    expect((await post(app, '/api/closePositionOrder', token, { orderNo: position.orderNo })).body).toMatchObject({ code: 409, msg: 'This position is already closed' })
  })

  it('is seen by reconciliation when a margin account no longer holds what its orders hold', async () => {
    const { token, wallet } = await signedIn(app)
    const userId = await userIdOf(app, wallet.address)
    await opened(app, token, { symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 100 })
    expect(await consistent(app)).toBe(true)
    // What the old reset did: the margin back to available under an open position (balanced, so conservation holds).
    await postJournal(app.db, {
      kind: 'demo_reset', reason: 'demo.reset', idempotencyKey: randomUUID(), userId,
      legs: [
        { account: { ownerId: userId, book: 'demo', kind: 'margin' }, amount: '-1166.4', currency: 'USDT' },
        { account: { ownerId: userId, book: 'demo', kind: 'available' }, amount: '1166.4', currency: 'USDT' },
      ],
    })
    const found = await reconcileBooks(app.db)
    expect(found.ok).toBe(false)
    expect(found.subledgers[0]!.mismatched).toContainEqual({ ownerId: userId, book: 'demo', currency: 'USDT', held: '1166.4', balance: '0' })
    // Put back, so the shared database stays consistent for the other tests.
    await postJournal(app.db, {
      kind: 'demo_reset', reason: 'demo.reset', idempotencyKey: randomUUID(), userId,
      legs: [
        { account: { ownerId: userId, book: 'demo', kind: 'margin' }, amount: '1166.4', currency: 'USDT' },
        { account: { ownerId: userId, book: 'demo', kind: 'available' }, amount: '-1166.4', currency: 'USDT' },
      ],
    })
    expect(await consistent(app)).toBe(true)
  })
})

describe('prices on the instrument\'s grid', () => {
  it('answers 400 for a limit, TP or SL finer than the instrument\'s digits, and opens nothing', async () => {
    const { token } = await signedIn(app)
    const btc = { symbol: 'BTCUSDT', side: 'buy', lots: '0.01', leverage: 10 }
    expect((await post(app, '/api/createLimitOrder', token, { ...btc, price: '89208.476544' })).body).toEqual({
      code: 400, msg: 'Prices for BTCUSDT have at most 2 decimals; 89,208.476544 has more', data: null,
    })
    expect((await post(app, '/api/createContractOrder', token, { ...btc, takeProfit: '95218.6001' })).status).toBe(400)
    expect((await post(app, '/api/createContractOrder', token, { ...btc, stopLoss: '90000.001' })).status).toBe(400)
    // Trailing zeros are still on the grid.
    expect((await post(app, '/api/createContractOrder', token, { ...btc, takeProfit: '96000.1000' })).status).toBe(200)
    expect(await positions(app, token)).toHaveLength(1)
  })
})

describe('live money needs real prices', () => {
  async function liveUser() {
    const { token, wallet } = await signedIn(app)
    const userId = await userIdOf(app, wallet.address)
    await postJournal(app.db, {
      kind: 'transfer', reason: 'transfer', idempotencyKey: randomUUID(), userId,
      legs: [
        { account: { ownerId: userId, book: 'live', kind: 'available' }, amount: '1000', currency: 'USDT' },
        { account: { ownerId: null, book: 'live', kind: 'deposits_clearing' }, amount: '-1000', currency: 'USDT' },
      ],
    })
    await post(app, '/api/updateAccountType', token, { accountType: 'live' })
    return token
  }
  const order = { symbol: 'EURUSD', side: 'buy', lots: '0.01', leverage: 100 }

  it('refuses live orders on simulated prices with a message that offers the demo book', async () => {
    const token = await liveUser()
    expect((await post(app, '/api/createContractOrder', token, order)).body).toEqual({
      code: 409,
      msg: 'Live orders for EURUSD need real market prices, and this server has only simulated ones. Trade it on your demo book.',
      data: null,
    })
    expect((await post(app, '/api/createLimitOrder', token, { ...order, price: '1.16000' })).status).toBe(409)
    expect(await account(app, token)).toMatchObject({ book: 'live', balance: '1000', margin: '0', reserved: '0' })
  })

  it('trades live on a real feed, and stops new live orders while the feed is silent', async () => {
    const token = await liveUser()
    await publishQuotes(app, [['EURUSD', '1.16628', '1.16640']], { simulated: false })
    const position = await opened(app, token, order)
    clock.set(WEDNESDAY_15H + 31_000)
    expect((await post(app, '/api/createContractOrder', token, order)).body).toMatchObject({
      code: 409,
      msg: 'No price for EURUSD has arrived for 31 seconds; live orders wait until prices flow again',
    })
    // Closing is never held back.
    expect((await post(app, '/api/closePositionOrder', token, { orderNo: position.orderNo })).status).toBe(200)
  })
})


describe('loss protection per book', () => {
  const row = (id: number, userId: string, margin: string) => ({ id: BigInt(id), userId, book: 'demo', marginCurrency: 'USDT', margin, fee: '0', feePosted: true }) as OrderRow
  const holding = (available: string, marginAccount: string) => ({ available: dec(available), marginAccount: dec(marginAccount), drawn: dec('0') })
  const close = (r: OrderRow, pl: string, book: ReturnType<typeof holding>) => ({ row: r, c: { price: dec('1'), pl: dec(pl), reason: 'user' as const, now: 0, marginLevel: null, book } })

  it('pays a loss from the profit closed beside it before the house takes any of it, whatever the arrival order', () => {
    // No cash left; a loss of 800 on 200 of margin arrives before a profit of 500 on 100 of margin.
    const book = holding('0', '300')
    const plan = settlementPlan([close(row(1, 'u', '200'), '-800', book), close(row(2, 'u', '100'), '500', book)])
    // The profit settles first: 100 + 500 of cash, with the loss's own 200 margin, covers the whole 800.
    expect(plan.map((p) => [p.at, p.release.settled.toFixed()])).toEqual([[1, '500'], [0, '-800']])
  })

  it("caps a loss at what the whole book holds, its other positions' margin included, and keeps books apart", () => {
    // Book u: 50 of cash, 200 + 300 of margin (the second position stays open); book v: no cash, 100 of margin.
    const plan = settlementPlan([close(row(1, 'u', '200'), '-800', holding('50', '500')), close(row(2, 'v', '100'), '-30', holding('0', '100'))])
    expect(plan.map((p) => [p.at, p.release.settled.toFixed(), p.release.absorbed.toFixed()])).toEqual([[0, '-550', '250'], [1, '-30', '0']])
    // u's other position's margin paid 300 of it: the margin account lacks that much until it closes.
    expect(plan[0]!.release.after).toMatchObject({ available: dec('0'), marginAccount: dec('0'), drawn: dec('300') })
  })
})
