// Loss protection is one rule per book, whichever path closes (releaseOf in src/contract/trading-account.ts,
// docs/trading-account.md "Loss protection"): a position whose loss is larger than its own margin and the book's cash
// is paid from the margin the book's other positions hold before the house absorbs anything. The same book on every
// path: the user's close, a batch of closes, a stop loss (one gap, above the stop-out level), stop-out, and stop-out
// while the other position's market is closed (a deeper gap).
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
let app: FastifyInstance
beforeAll(async () => {
  // An engine lock of its own, so this app's engine leads on a shared PostgreSQL and idle() waits for what it does.
  app = await buildTestApp({ now: clock.now, engineLockKey: 7_500_000 + Math.floor(Math.random() * 1_000_000) })
})
afterAll(() => app?.close())

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
/** Bought at 1.16640, 3 lots: at a bid of 1.15720 the loss is (1.15720 − 1.16640) × 300 000 = −2 760, and the book's
 * margin level stays near 78 %, above the 50 % stop-out. */
const GAP: [string, string, string] = ['EURUSD', '1.15720', '1.15732']
const LOSS = '-2760'
/** At a bid of 1.14800 the loss is −5 520 and the level falls below 50 %: stop-out closes the loser, then recovers. */
const STOP_OUT_GAP: [string, string, string] = ['EURUSD', '1.14800', '1.14812']
const STOP_OUT_LOSS = '-5520'

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
  // What the losses are measured against: more than the loser's margin and the cash together.
  expect(dec(before.available).plus('600').lt(dec(LOSS).neg())).toBe(true)
  return { token, kept, loser, balance: dec(before.balance) }
}

/** The loser closed with its whole loss, the book's balance down by exactly that loss: the house absorbed nothing. */
async function paidInFull(on: FastifyInstance, token: string, loser: string, balance: ReturnType<typeof dec>, reason: Order['closeReason'], loss = LOSS) {
  const closed = (await closedList(on, token)).find((o) => o.orderNo === loser)
  expect(closed).toMatchObject({ profit: loss, closeReason: reason })
  expect((await account(on, token)).balance).toBe(balance.plus(loss).toFixed())
}

/** Then the other position closes too, at no gain (its own spread): the book ends with exactly what it paid. */
async function closeTheRest(on: FastifyInstance, token: string, kept: string, balance: ReturnType<typeof dec>, spreadLoss: string, loss = LOSS) {
  expect((await post(on, '/api/closePositionOrder', token, { orderNo: kept })).body.msg).toBe('success')
  expect(await account(on, token)).toMatchObject({ balance: balance.plus(loss).plus(spreadLoss).toFixed(), margin: '0', reserved: '0' })
  expect(await consistent(on)).toBe(true)
}

describe("a loss larger than its position's margin and the book's cash", () => {
  it("is paid from the book's other margin when the user closes it", async () => {
    const { token, kept, loser, balance } = await bookOf(app, 'BTCUSDT')
    await publishQuotes(app, [GAP])
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
    await publishQuotes(app, [GAP])
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
    await publishQuotes(app, [GAP])
    await engineOf(app)!.idle()
    await paidInFull(app, token, loser, balance, 'stop_loss')
    await closeTheRest(app, token, kept, balance, '-9')
  })

  it('is paid the same when the book is stopped out', async () => {
    const { token, kept, loser, balance } = await bookOf(app, 'BTCUSDT')
    await publishQuotes(app, [STOP_OUT_GAP])
    await engineOf(app)!.idle()
    await paidInFull(app, token, loser, balance, 'stop_out', STOP_OUT_LOSS)
    await closeTheRest(app, token, kept, balance, '-9', STOP_OUT_LOSS)
  })

  it("is paid the same when the book is stopped out while the other position's market is closed", async () => {
    const { token, kept, loser, balance } = await bookOf(app, 'AAPL')
    clock.set(WEDNESDAY_22H)
    await publishQuotes(app, [STOP_OUT_GAP])
    await engineOf(app)!.idle()
    await paidInFull(app, token, loser, balance, 'stop_out', STOP_OUT_LOSS)
    // AAPL can be closed only once its market opens again.
    clock.set(WEDNESDAY_15H + 24 * 3600_000)
    await closeTheRest(app, token, kept, balance, '-14.8', STOP_OUT_LOSS)
  })
})
