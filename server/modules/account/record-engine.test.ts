// The record of what the engine does: a limit order placed, filled (a position opened) and closed by its take profit
// reads as three events, each with the available balance after it.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import type { TransactionPage } from '#contract/account.ts'
import type { Order } from '#contract/orders.ts'
import { engineOf } from '../../market/engine/engine.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { publishQuotes, testClock } from '../orders/test-market.ts'

const clock = testClock()
let app: FastifyInstance
beforeAll(async () => {
  // Its own engine lock: on a shared PostgreSQL, other suites' apps would otherwise lead instead.
  app = await buildTestApp({ now: clock.now, engineLockKey: 8_400_000 + Math.floor(Math.random() * 1_000_000) })
  await vi.waitFor(() => expect(engineOf(app)!.isLeader()).toBe(true))
})
afterAll(() => app?.close())

async function tick(bid: string, ask: string) {
  await publishQuotes(app, [['EURUSD', bid, ask]])
  await engineOf(app)!.idle()
}

it('tells a limit order placed, filled and closed by take profit as three events', async () => {
  await tick('1.16628', '1.16640')
  const { token } = await signIn(app)
  const body = { symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 500, price: '1.16000', takeProfit: '1.16500' }
  const limit = (await call(app, 'POST', '/api/createLimitOrder', { token, body, headers: { 'idempotency-key': randomUUID() } })).body.data as Order
  // Filled at the ask 1.1595: margin 231.90 (0.10 less than the 232.00 held at 1.16), fee 3.4785; then the bid
  // reaches the take profit: (1.1651 − 1.1595) × 100 000 = 560.
  await tick('1.15938', '1.15950')
  await tick('1.16510', '1.16522')
  const page = (await call(app, 'GET', '/api/getMyTransactionRecord?kind=trade', { token, headers: { language: 'en_US' } })).body.data as TransactionPage
  const position = page.list[0]!.orderNo!
  expect(page.list.map((r) => [r.event, r.text, r.amount, r.balanceAfter])).toEqual([
    ['position_closed', `Take profit closed #${position} EURUSD: P/L +560.00, margin 231.90 released`, '791.9', '10556.5215'],
    ['limit_filled', `Limit order #${limit.orderNo} filled: bought 1 lot EURUSD #${position}, margin 231.90 held, fee 3.48`, '-3.3785', '9764.6215'],
    ['limit_placed', `Buy limit 1 lot EURUSD #${limit.orderNo} placed: margin 232.00 held`, '-232', '9768'],
  ])
  expect(page.list[0]).toMatchObject({ closeReason: 'take_profit', profit: '560' })
  expect(position).not.toBe(limit.orderNo)
})
