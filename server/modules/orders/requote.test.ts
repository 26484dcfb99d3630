// A market order refused because the price moved past the accepted slippage: the 409 carries the quote the server
// would have filled at (PriceMoved in src/contract/orders.ts), so the ticket re-prices its review in place and one
// more tap, sending that price, opens the position.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import type { Order, OrderPage, PriceMoved } from '#contract/orders.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
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

const post = (token: string, body: unknown, key = randomUUID(), language = 'en_US') =>
  call(app, 'POST', '/api/createContractOrder', { token, body, headers: { 'idempotency-key': key, language } })
const eurusd = { symbol: 'EURUSD', lots: '1', leverage: 500 }
const openCount = async (token: string) => ((await call(app, 'GET', '/api/getContractOrderList', { token })).body.data as OrderPage).total

it('answers 409 with the current quote when a buy would fill beyond the accepted slippage, and opens nothing', async () => {
  const { token } = await signIn(app)
  const res = await post(token, { ...eurusd, side: 'buy', quotedPrice: '1.16600', maxSlippage: '0.00020' })
  expect(res.status).toBe(409)
  expect(res.body.msg).toBe('The price moved to 1.16640, more than the slippage you accepted; check the new price and confirm again')
  expect(res.body.data as PriceMoved).toEqual({
    symbol: 'EURUSD',
    side: 'buy',
    bid: '1.16628',
    ask: '1.16640',
    price: '1.16640',
    quotedPrice: '1.16600',
    maxSlippage: '0.00020',
    time: WEDNESDAY_15H,
  })
  expect(await openCount(token)).toBe(0)
})

it("re-prices a sell at the bid; confirming again at the server's price opens at it, in one request", async () => {
  const { token } = await signIn(app)
  const refused = await post(token, { ...eurusd, side: 'sell', quotedPrice: '1.16700', maxSlippage: '0.00010' })
  const moved = refused.body.data as PriceMoved
  expect(moved).toMatchObject({ side: 'sell', price: '1.16628' })
  const again = await post(token, { ...eurusd, side: 'sell', quotedPrice: moved.price, maxSlippage: '0.00010' })
  expect(again.status).toBe(200)
  expect(again.body.data as Order).toMatchObject({ status: 'open', openPrice: '1.16628' })
})

it('replays the same refusal, data included, for a repeated key, in the caller language', async () => {
  const { token } = await signIn(app)
  const key = randomUUID()
  const body = { ...eurusd, side: 'buy', quotedPrice: '1.16000', maxSlippage: '0' }
  const first = await post(token, body, key, 'de_DE')
  expect(first.body.msg).toContain('1,16640')
  await publishQuotes(app, [['EURUSD', '1.16000', '1.16012']])
  expect((await post(token, body, key, 'de_DE')).body).toEqual(first.body)
  expect(await openCount(token)).toBe(0)
})
