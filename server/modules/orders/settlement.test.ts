// A user's close settles its P/L with the house after its transaction commits (pl:<no>, orders.settlement.ts). A
// crash in between must leave the close standing and the P/L owed, and the sweep must pay it exactly once.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { Order, TradeAccount } from '#contract/orders.ts'
import { reconcile } from '../../ledger/reconcile.ts'
import { userForToken } from '../../plugins/auth.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { closePositionOrder } from './orders.service.ts'
import { sweepSettlements } from './orders.settlement.ts'
import { publishQuotes, testClock, WEDNESDAY_15H } from './test-market.ts'

const clock = testClock()
let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now })
})
afterAll(() => app?.close())
beforeEach(async () => {
  clock.set(WEDNESDAY_15H)
  await publishQuotes(app, [['EURUSD', '1.16628', '1.16640']])
})

const post = (url: string, token: string, body: unknown) =>
  call(app, 'POST', url, {
    token,
    body,
    headers: { 'idempotency-key': randomUUID() },
  })
const account = async (token: string) => (await call(app, 'GET', '/api/getTradeAccount', { token })).body.data as TradeAccount
const crash = () => {
  throw new Error('process died after the commit')
}
const journalsKeyed = async (key: string) => {
  const { rows } = (await app.db.execute(sql`SELECT count(*)::int AS n FROM journals WHERE idempotency_key = ${key}`)) as unknown as {
    rows: { n: number }[]
  }
  return Number(rows[0]!.n)
}

async function closedByACrash(side: 'buy' | 'sell', bid: string, ask: string) {
  const { token } = await signIn(app)
  const user = (await userForToken(app.db, token, new Date(0)))!
  const { orderNo } = (
    await post('/api/createContractOrder', token, {
      symbol: 'EURUSD',
      side,
      lots: '1',
      leverage: 500,
    })
  ).body.data as Order
  await publishQuotes(app, [['EURUSD', bid, ask]])
  await expect(closePositionOrder(app, user, orderNo, crash)).rejects.toThrow('process died')
  return { token, orderNo }
}

describe('a close whose P/L settlement was lost', () => {
  it('stays closed, owes the profit until the sweep pays it, and the sweep pays it once', async () => {
    const { token, orderNo } = await closedByACrash('buy', '1.16828', '1.16840')
    // The margin is back, the 188 USDT profit is not yet: 10 000 − the 3.4992 fee.
    expect(await account(token)).toMatchObject({
      balance: '9996.5008',
      margin: '0',
    })
    expect((await post('/api/closePositionOrder', token, { orderNo })).body.code).toBe(409)
    expect(await sweepSettlements(app, 0)).toBeGreaterThanOrEqual(1)
    expect(await account(token)).toMatchObject({
      balance: '10184.5008',
      margin: '0',
    })
    await sweepSettlements(app, 0)
    expect(await journalsKeyed(`pl:${orderNo}`)).toBe(1)
    expect((await account(token)).balance).toBe('10184.5008')
    expect((await reconcile(app.db)).ok).toBe(true)
  })

  it('keeps a loss out of reach in the margin account until the sweep hands it to the house', async () => {
    const { token, orderNo } = await closedByACrash('sell', '1.16728', '1.16740')
    // Sold at 1.16628, bought back at 1.16740: −112 USDT, already gone from available, not yet the house's.
    // The free margin already counts it lost: 10 000 − 112 − the 3.49884 fee.
    expect(await account(token)).toMatchObject({
      margin: '112',
      freeMargin: '9884.50116',
    })
    await sweepSettlements(app, 0)
    await sweepSettlements(app, 0)
    expect(await account(token)).toMatchObject({
      balance: '9884.50116',
      margin: '0',
    })
    expect(await journalsKeyed(`pl:${orderNo}`)).toBe(1)
    expect((await reconcile(app.db)).ok).toBe(true)
  })

  it('is not swept while young: a close still posting its settlement is left to finish it', async () => {
    const { token } = await closedByACrash('buy', '1.16828', '1.16840')
    await sweepSettlements(app)
    expect((await account(token)).balance).toBe('9996.5008')
    clock.set(WEDNESDAY_15H + 31_000)
    await sweepSettlements(app)
    expect((await account(token)).balance).toBe('10184.5008')
  })
})
