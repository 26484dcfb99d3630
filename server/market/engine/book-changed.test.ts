// The engine stays current with postings made anywhere: every posting that changes a user's book sends its owner
// balance_update on the bus, and the leader refreshes that book before its next tick. Before, it refreshed a book
// only on its own process's order events, so cash taken out elsewhere left it acting on a healthier book than the
// user's, and a stop-out came late.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import type { Order, OrderPage } from '#contract/orders.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import { postJournal } from '../../ledger/post.ts'
import { userIdOf } from '../../idempotency/test-endpoints.ts'
import { publishQuotes, testClock } from '../../modules/orders/test-market.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { engineOf } from './engine.ts'

const clock = testClock()
const apps: FastifyInstance[] = []
afterEach(async () => {
  for (const app of apps.splice(0)) {
    await engineOf(app)?.stop()
    await app.close()
  }
})
afterAll(async () => {
  for (const app of apps) await app.close()
})
const newApp = async (engineLockKey: number) => {
  const app = await buildTestApp({ now: clock.now, engineLockKey })
  apps.push(app)
  return app
}
const post = (app: FastifyInstance, url: string, token: string, body: unknown) =>
  call(app, 'POST', url, { token, body, headers: { 'idempotency-key': randomUUID() } })

/** 1 lot BTCUSDT bought at 95 010 with leverage 100: 950.10 margin, 47.505 fee, 9 002.395 of cash left. */
async function longBitcoin(app: FastifyInstance) {
  const { token, wallet } = await signIn(app)
  const order = (await post(app, '/api/createContractOrder', token, { symbol: 'BTCUSDT', side: 'buy', lots: '1', leverage: 100 })).body.data as Order
  return { token, order, userId: await userIdOf(app, wallet.address) }
}

/** Takes 8 900 of the book's cash out (a posting made without any order event) and tells the owner's tabs. */
async function takeCash(app: FastifyInstance, userId: string) {
  const posted = await postJournal(app.db, {
    kind: 'demo_reset', reason: 'demo.reset', idempotencyKey: randomUUID(), userId,
    legs: [
      { account: { ownerId: userId, book: 'demo', kind: 'available' }, amount: '-8900', currency: 'USDT' },
      { account: { ownerId: null, book: 'demo', kind: 'demo_funding' }, amount: '8900', currency: 'USDT' },
    ],
  })
  await pushBalanceUpdates(app, posted)
}

// With 102.395 of cash the book's equity at a bid of 94 000 is 1 052.495 − 1 010 = 42.495: 4.5 % of its margin,
// below the 50 % stop-out. With the cash the engine last saw it would be 941 %.
const DROP: [string, string, string] = ['BTCUSDT', '94000.00', '94010.00']
const START: [string, string, string] = ['BTCUSDT', '95000.00', '95010.00']
const closeReason = async (app: FastifyInstance, token: string, orderNo: string) =>
  ((await call(app, 'GET', '/api/getAllOrderList', { token })).body.data as OrderPage).list.find((o) => o.orderNo === orderNo)!.closeReason

describe('book_changed', () => {
  it('refreshes a book whose cash a posting took, before the next tick, and stops it out on time', async () => {
    const app = await newApp(7_500_000 + Math.floor(Math.random() * 1_000_000))
    await vi.waitFor(() => expect(engineOf(app)!.isLeader()).toBe(true))
    await publishQuotes(app, [START])
    await engineOf(app)!.idle()
    const { token, order, userId } = await longBitcoin(app)
    await publishQuotes(app, [START])
    await engineOf(app)!.idle()
    await takeCash(app, userId)
    await publishQuotes(app, [DROP])
    await engineOf(app)!.idle()
    expect(await closeReason(app, token, order.orderNo)).toBe('stop_out')
  })

  it.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)(
    'across processes: a posting on B is seen by the leader on A before its next tick',
    async () => {
      const key = 7_500_000 + Math.floor(Math.random() * 1_000_000)
      const a = await newApp(key)
      await vi.waitFor(() => expect(engineOf(a)!.isLeader()).toBe(true))
      const b = await newApp(key)
      expect(engineOf(b)!.isLeader()).toBe(false)
      await publishQuotes(a, [START])
      const { token, order, userId } = await longBitcoin(a)
      await publishQuotes(a, [START])
      await engineOf(a)!.idle()
      await takeCash(b, userId)
      await publishQuotes(b, [DROP])
      await vi.waitFor(async () => {
        await engineOf(a)!.idle()
        expect(await closeReason(a, token, order.orderNo)).toBe('stop_out')
      }, { timeout: 5000 })
    },
  )
})
