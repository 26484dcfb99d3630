// Loss protection is one rule per book, whichever path closes (releaseOf in src/contract/trading-account.ts,
// docs/trading-account.md "Loss protection"): a position whose loss is larger than its own margin and the book's cash
// is paid from the margin the book's other positions hold before the house absorbs anything. The same book, the same
// price gap, on every path: the user's close, a batch of closes, a stop loss, stop-out, and stop-out while the other
// position's market is closed.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order, OrderPage, TradeAccount } from '#contract/orders.ts'
import { dec } from '#contract/trading-math.ts'
import { engineOf } from '../../market/engine/engine.ts'
import { call } from '../../test/helpers.ts'
import { buildTestApp } from '../../test/helpers.ts'
import { fileBooks } from './test-books.ts'
import { publishQuotes, testClock, WEDNESDAY_15H, WEDNESDAY_22H } from './test-market.ts'

const { signedIn, consistent } = fileBooks()
const clock = testClock()
/** Never stops out (the level stays above 0 while the book holds anything): the user's and the trigger's closes. */
let app: FastifyInstance
/** Stops out below 50 %, the default. */
let stopping: FastifyInstance
beforeAll(async () => {
  ;[app, stopping] = await Promise.all([
    buildTestApp({ now: clock.now, stopOutLevel: '0', engineLockKey: 7_500_000 + Math.floor(Math.random() * 1_000_000) }),
    buildTestApp({ now: clock.now, engineLockKey: 8_500_000 + Math.floor(Math.random() * 1_000_000) }),
  ])
})
afterAll(async () => Promise.all([app?.close(), stopping?.close()]))

const post = (on: FastifyInstance, url: string, token: string, body: unknown) => call(on, 'POST', url, { token, body, headers: { 'idempotency-key': randomUUID() } })
const account = async (on: FastifyInstance, token: string) => (await call(on, 'GET', '/api/getTradeAccount', { token })).body.data as TradeAccount
const closedList = async (on: FastifyInstance, token: string) =>
  ((await call(on, 'GET', '/api/getContractOrderList?status=closed&size=50', { token })).body.data as OrderPage).list
const opened = async (on: FastifyInstance, token: string, body: object) => {
  const res = await post(on, '/api/createContractOrder', token, body)
  expect(res.body.msg).toBe('success')
  return (res.body.data as Order).orderNo
}

const EURUSD_OPEN: [string, string, string] = ['EURUSD', '1.16628', '1.16640']
/** Bought at 1.16640, 3 lots: at a bid of 1.14800 the loss is (1.14800 − 1.16640) × 300 000 = −5 520. */
const EURUSD_GAP: [string, string, string] = ['EURUSD', '1.14800', '1.14812']
const LOSS = '-5520'

/**
 * A demo book of 10 000 holding most of its cash as the margin of one position that does not move (BTCUSDT, or AAPL
 * whose market closes at 22:00) beside 3 lots of EURUSD holding 600: about 800 of cash is left, so a 5 520 loss on
 * EURUSD is far more than its margin and the cash, yet the book as a whole holds it.
 */
async function bookOf(on: FastifyInstance, other: 'BTCUSDT' | 'AAPL', stopLoss?: string) {
  clock.set(WEDNESDAY_15H)
  await publishQuotes(on, [EURUSD_OPEN, ['BTCUSDT', '95000.00', '95010.00'], ['AAPL', '230.00', '230.04']])
  const { token } = await signedIn(on)
  const big = other === 'BTCUSDT' ? { symbol: 'BTCUSDT', side: 'buy', lots: '0.90', leverage: 10 } : { symbol: 'AAPL', side: 'buy', lots: '370', leverage: 10 }
  const kept = await opened(on, token, big)
  const loser = await opened(on, token, { symbol: 'EURUSD', side: 'buy', lots: '3', leverage: 500, ...(stopLoss ? { stopLoss } : {}) })
  const before = await account(on, token)
  // What the loss is measured against: more than the loser's margin and the cash together.
  expect(dec(before.available).plus('600').lt(dec(LOSS).neg())).toBe(true)
  return { token, kept, loser, balance: dec(before.balance) }
}

/** The loser closed with its whole loss, the book's balance down by exactly that loss: the house absorbed nothing. */
async function paidInFull(on: FastifyInstance, token: string, loser: string, balance: ReturnType<typeof dec>, reason: Order['closeReason']) {
  const closed = (await closedList(on, token)).find((o) => o.orderNo === loser)
  expect(closed).toMatchObject({ profit: LOSS, closeReason: reason })
  expect((await account(on, token)).balance).toBe(balance.plus(LOSS).toFixed())
}

/** Then the other position closes too, at no gain (its own spread): the book ends with exactly what it paid. */
async function closeTheRest(on: FastifyInstance, token: string, kept: string, balance: ReturnType<typeof dec>, spreadLoss: string) {
  expect((await post(on, '/api/closePositionOrder', token, { orderNo: kept })).body.msg).toBe('success')
  expect(await account(on, token)).toMatchObject({ balance: balance.plus(LOSS).plus(spreadLoss).toFixed(), margin: '0', reserved: '0' })
  expect(await consistent(on)).toBe(true)
}

describe("a loss larger than its position's margin and the book's cash", () => {
  it("is paid from the book's other margin when the user closes it", async () => {
    const { token, kept, loser, balance } = await bookOf(app, 'BTCUSDT')
    await publishQuotes(app, [EURUSD_GAP])
    await engineOf(app)!.idle()
    expect((await post(app, '/api/closePositionOrder', token, { orderNo: loser })).body.msg).toBe('success')
    await paidInFull(app, token, loser, balance, 'user')
    // The other position is still open and still priced on its own margin; the book's balance is what is left.
    expect(await account(app, token)).toMatchObject({ margin: '8550.9', available: '0' })
    expect(await consistent(app)).toBe(true)
    await closeTheRest(app, token, kept, balance, '-9')
  })

  it('is paid the same when both positions are closed at once, the loser first', async () => {
    const { token, kept, loser, balance } = await bookOf(app, 'BTCUSDT')
    await publishQuotes(app, [EURUSD_GAP])
    await engineOf(app)!.idle()
    const answers = await Promise.all([loser, kept].map((orderNo) => post(app, '/api/closePositionOrder', token, { orderNo })))
    expect(answers.map((a) => a.body.msg)).toEqual(['success', 'success'])
    const closed = await closedList(app, token)
    expect(closed.find((o) => o.orderNo === loser)?.profit).toBe(LOSS)
    expect(await account(app, token)).toMatchObject({ balance: balance.plus(LOSS).minus('9').toFixed(), margin: '0' })
    expect(await consistent(app)).toBe(true)
  })

  it('is paid the same when the price gaps through its stop loss', async () => {
    const { token, kept, loser, balance } = await bookOf(app, 'BTCUSDT', '1.16000')
    await publishQuotes(app, [EURUSD_GAP])
    await engineOf(app)!.idle()
    await paidInFull(app, token, loser, balance, 'stop_loss')
    await closeTheRest(app, token, kept, balance, '-9')
  })

  it('is paid the same when the book is stopped out', async () => {
    const { token, kept, loser, balance } = await bookOf(stopping, 'BTCUSDT')
    await publishQuotes(stopping, [EURUSD_GAP])
    await engineOf(stopping)!.idle()
    await paidInFull(stopping, token, loser, balance, 'stop_out')
    await closeTheRest(stopping, token, kept, balance, '-9')
  })

  it("is paid the same when the book is stopped out while the other position's market is closed", async () => {
    const { token, kept, loser, balance } = await bookOf(stopping, 'AAPL')
    clock.set(WEDNESDAY_22H)
    await publishQuotes(stopping, [EURUSD_GAP])
    await engineOf(stopping)!.idle()
    await paidInFull(stopping, token, loser, balance, 'stop_out')
    // AAPL can be closed only once its market opens again.
    clock.set(WEDNESDAY_15H + 24 * 3600_000)
    await closeTheRest(stopping, token, kept, balance, '-14.8')
  })
})
