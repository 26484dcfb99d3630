// Versions before this one settled a user's close's P/L with the house after its transaction committed (pl:<no>,
// orders.settlement.ts), the row marked settlement_pending meanwhile. A crash in between left the close standing and
// the P/L owed; the sweep must pay it exactly once. A close now settles in its own transaction.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { Order, TradeAccount } from '#contract/orders.ts'
import { closePrice, dec, profit } from '#contract/trading-math.ts'
import { postJournal } from '../../ledger/post.ts'
import { reconcile } from '../../ledger/reconcile.ts'
import { instrumentBySymbol } from '../../market/catalogue.ts'
import { userForToken } from '../../plugins/auth.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { currentRates } from './orders.checks.ts'
import { closeOrderRows, orderOf } from './orders.repository.ts'
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
const journalsKeyed = async (key: string) => {
  const { rows } = (await app.db.execute(sql`SELECT count(*)::int AS n FROM journals WHERE idempotency_key = ${key}`)) as unknown as {
    rows: { n: number }[]
  }
  return Number(rows[0]!.n)
}

/** A position closed as an earlier version closed it, by a process that died before posting its P/L: the row closed
 * and marked, the margin back to available less any loss, which waits in the margin account. */
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
  const row = (await orderOf(app.db, user.id, BigInt(orderNo)))!
  const price = closePrice(side, app.quotes.get('EURUSD')!)
  const pl = profit(instrumentBySymbol('EURUSD')!, side, row.lots, row.openPrice!, price, currentRates(app))
  const margin = dec(row.margin)
  const loss = pl.isNeg() ? pl.neg() : dec('0')
  const leg = (kind: 'margin' | 'available', amount: string) => ({ account: { ownerId: user.id, book: 'demo' as const, kind }, currency: 'USDT', amount })
  await app.db.transaction(async (tx) => {
    await closeOrderRows(tx, [
      { id: row.id, closePrice: price.toFixed(), closeTime: app.now(), profit: pl.toFixed(), closeReason: 'user', closeMarginLevel: null, settlementPending: true, marginDrawn: '0' },
    ])
    await postJournal(tx, {
      kind: 'trade',
      reason: 'trade.close',
      reference: orderNo,
      idempotencyKey: `close:${orderNo}`,
      userId: user.id,
      legs: [leg('margin', loss.minus(margin).toFixed()), leg('available', margin.minus(loss).toFixed())],
    })
  })
  return { token, orderNo }
}

describe("a user's close", () => {
  it('pays its P/L with its commit, leaving nothing marked for the sweep', async () => {
    const { token } = await signIn(app)
    const { orderNo } = (await post('/api/createContractOrder', token, { symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 500 })).body.data as Order
    await publishQuotes(app, [['EURUSD', '1.16828', '1.16840']])
    expect((await post('/api/closePositionOrder', token, { orderNo })).status).toBe(200)
    expect(await account(token)).toMatchObject({ balance: '10184.5008', margin: '0' })
    expect(await sweepSettlements(app, 0)).toBe(0)
    expect(await journalsKeyed(`pl:${orderNo}`)).toBe(0)
    expect((await reconcile(app.db)).ok).toBe(true)
  })
})

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
    // The free margin already counts it lost: 10 000 − 112 − the 3.49884 fee. No position holds it, so it is not
    // margin in use: it shows as held apart.
    expect(await account(token)).toMatchObject({
      margin: '0',
      reserved: '112',
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
