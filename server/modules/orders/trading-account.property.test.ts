// Property tests over random books (positions, pending orders, price moves, the floating-P/L setting): the ticket's
// "affordable" is the server's accept, and the margin level the screen shows is the level stop-out acts on. The
// ticket's own code (src/features/trade/preview.ts) is run against the server's answers.
import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FloatingInFree, Order, OrderPage, TradeAccount } from '#contract/orders.ts'
import type { Instrument } from '#contract/markets.ts'
import type { Ticker } from '#contract/socket.ts'
import { dec } from '#contract/trading-math.ts'
import { instrumentBySymbol } from '../../market/catalogue.ts'
// eslint-disable-next-line no-restricted-imports -- the test holds the ticket's own code to the server's answers
import { liveLevel, previewOrder, type Market } from '../../../src/features/trade/preview.ts'
import { buildTestApp, call } from '../../test/helpers.ts'
import { bookState, figuresOf } from './orders.money.ts'
import { pricingOf } from './orders.service.ts'
import { userIdOf } from '../../idempotency/test-endpoints.ts'
import type { Tx } from '../../ledger/types.ts'
import { engineOf } from '../../market/engine/engine.ts'
import { fileBooks } from './test-books.ts'
import { publishQuotes, testClock, WEDNESDAY_15H } from './test-market.ts'

const { signedIn, consistent } = fileBooks()


const MODES: FloatingInFree[] = ['loss_only', 'profit_and_loss', 'none']
const clock = testClock(WEDNESDAY_15H)
let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now })
})
afterAll(() => app?.close())
/** The setting is read at every call (pricingOf, getTradeAccount), so one app serves all three. */
const setMode = (mode: FloatingInFree) => void ((app.conf as { floatingInFreeMargin: FloatingInFree }).floatingInFreeMargin = mode)

const post = (on: FastifyInstance, url: string, token: string, body: unknown) =>
  call(on, 'POST', url, { token, body, headers: { 'idempotency-key': randomUUID() } })
const get = async <T>(on: FastifyInstance, url: string, token: string) => (await call(on, 'GET', url, { token })).body.data as T
const marketOf = (on: FastifyInstance): Market => ({
  instrument: (s) => instrumentBySymbol(s) as Instrument | undefined,
  quote: (s) => on.quotes.get(s),
  quotes: on.quotes.all() as Ticker[],
})

/** EURUSD around 1.16634 and BTCUSDT around 95 005, each moved by up to ±4 %. */
const quotesAt = (eur: number, btc: number): [string, string, string][] => {
  const eurBid = dec('1.16628').times(dec(String(1000 + eur)).div(1000)).toDecimalPlaces(5)
  const btcBid = dec('95000').times(dec(String(1000 + btc)).div(1000)).toDecimalPlaces(2)
  return [
    ['EURUSD', eurBid.toFixed(5), eurBid.plus('0.00012').toFixed(5)],
    ['BTCUSDT', btcBid.toFixed(2), btcBid.plus('10').toFixed(2)],
  ]
}

const symbol = fc.constantFrom('EURUSD', 'BTCUSDT')
const side = fc.constantFrom('buy' as const, 'sell' as const)
/** An order sized to land anywhere from a small part of the demo funds to beyond them. */
const order = fc.record({
  symbol,
  side,
  steps: fc.integer({ min: 1, max: 400 }),
  leverage: fc.constantFrom(10, 20, 50, 100),
})
const toBody = (o: { symbol: string; side: 'buy' | 'sell'; steps: number; leverage: number }) => {
  // EURUSD: 0.05 lot steps (about 58 USDT of margin at 100); BTCUSDT: 0.01 lot steps (about 95 USDT at 10).
  const lots = o.symbol === 'EURUSD' ? dec(String(o.steps)).times('0.05') : dec(String(o.steps)).times('0.01')
  return { symbol: o.symbol, side: o.side, lots: lots.toFixed(2), leverage: o.leverage }
}
const book = fc.record({
  mode: fc.constantFrom(...MODES),
  positions: fc.array(order, { maxLength: 3 }),
  pending: fc.option(fc.record({ side, steps: fc.integer({ min: 1, max: 40 }) }), { nil: undefined }),
  move: fc.tuple(fc.integer({ min: -40, max: 40 }), fc.integer({ min: -40, max: 40 })),
  candidate: order,
})

describe('random books', () => {
  it('the ticket says an order is affordable exactly when the server accepts it, and shows the level stop-out acts on', async () => {
    await fc.assert(
      fc.asyncProperty(book, async (b) => {
        setMode(b.mode)
        clock.set(WEDNESDAY_15H)
        await publishQuotes(app, quotesAt(0, 0))
        const { token, wallet } = await signedIn(app)
        for (const p of b.positions) await post(app, '/api/createContractOrder', token, toBody(p))
        if (b.pending) {
          const price = b.pending.side === 'buy' ? '1.10000' : '1.25000'
          await post(app, '/api/createLimitOrder', token, { symbol: 'EURUSD', side: b.pending.side, lots: dec(String(b.pending.steps)).times('0.05').toFixed(2), leverage: 100, price })
        }
        await publishQuotes(app, quotesAt(b.move[0], b.move[1]))
        // The engine has acted on the move (a stop-out, say) before anyone looks.
        await engineOf(app)!.idle()
        const account = await get<TradeAccount>(app, '/api/getTradeAccount', token)
        const positions = (await get<OrderPage>(app, '/api/getContractOrderList?size=50', token)).list

        // The level: the screen's (live quotes), the API's, and the one stop-out plans with.
        const screen = liveLevel(account, positions, marketOf(app))
        const userId = await userIdOf(app, wallet.address)
        const engine = figuresOf(await bookState(app.db as unknown as Tx, userId, 'demo', 'USDT', pricingOf(app)))
        expect(screen.marginLevel?.toFixed(10) ?? null).toBe(engine.marginLevel?.toFixed(10) ?? null)
        expect(account.marginLevel).toBe(engine.marginLevel?.toDecimalPlaces(2).toFixed() ?? null)
        expect(screen.freeMargin.toFixed()).toBe(engine.freeMargin.toFixed())
        // Once the engine is idle, no book is left below the stop-out level.
        if (engine.marginLevel !== null) expect(engine.marginLevel.gte(app.conf.stopOutLevel)).toBe(true)

        // Affordable on the ticket ⇔ accepted by the server.
        const body = toBody(b.candidate)
        const preview = previewOrder(instrumentBySymbol(body.symbol)!, body, account, positions, marketOf(app))!
        const res = await post(app, '/api/createContractOrder', token, body)
        expect([res.status, preview.isAffordable]).toEqual(preview.isAffordable ? [200, true] : [409, false])
        if (res.status === 200) {
          // What the ticket showed as "after" is the account the server then reports.
          const after = await get<TradeAccount>(app, '/api/getTradeAccount', token)
          expect(dec(after.freeMargin).toFixed(6)).toBe(preview.after.freeMargin.toFixed(6))
          expect((res.body.data as Order).margin).toBe(preview.margin.toFixed())
        }
      }),
      { numRuns: 40 },
    )
    expect(await consistent(app)).toBe(true)
    // 40 books of up to five orders each, every one through the API and the engine: well under 30 s on a quiet machine,
    // past it when the machine's load is over 10 (seen beside other test runs); the property is what is tested.
  }, 120_000)
})
