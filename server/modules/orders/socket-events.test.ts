// What the owner's open tabs hear: order_update and balance_update when they open a position, and order_update with
// the reason, balance_update and new_message when the engine closes it at its take profit. Another user hears none.
// Each order_update names the order's book and margin currency (a toast links to that book, and says its P/L in it).
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Order } from '#contract/orders.ts'
import { engineOf } from '../../market/engine/engine.ts'
import { connect, socketUrl, type TestClient } from '../../realtime/test-client.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { publishQuotes, testClock } from './test-market.ts'

const clock = testClock()
let app: FastifyInstance
let url: string
const clients: TestClient[] = []
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, engineLockKey: 7_400_000 + Math.floor(Math.random() * 1_000_000) })
  url = socketUrl(await app.listen({ port: 0, host: '127.0.0.1' }))
  await publishQuotes(app, [['EURUSD', '1.16628', '1.16640']])
})
afterAll(async () => {
  for (const client of clients) client.socket.close()
  await app?.close()
})

async function bound(token: string) {
  const client = await connect(url)
  clients.push(client)
  client.send({ type: 'bind_user', token })
  await client.next('bound')
  return client
}

it('tells the owner, and only the owner, about the open and the engine close', async () => {
  const owner = await signIn(app)
  const other = await signIn(app)
  const [tab, stranger] = [await bound(owner.token), await bound(other.token)]
  const res = await call(app, 'POST', '/api/createContractOrder', {
    token: owner.token,
    headers: { 'idempotency-key': randomUUID() },
    body: { symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 500, takeProfit: '1.17000' },
  })
  const { orderNo } = res.body.data as Order
  const facts = { symbol: 'EURUSD', side: 'buy', lots: '1', pendingType: null, linkedOrderNo: null, book: 'demo', currency: 'USDT' }
  expect((await tab.next('order_update')).message.data).toEqual({ orderNo, kind: 'contract', status: 'open', closeReason: null, ...facts, price: '1.16640', profit: '0' })
  expect((await tab.next('balance_update')).message.data).toEqual({ book: 'demo' })

  const seen = tab.frames.length
  await publishQuotes(app, [['EURUSD', '1.17010', '1.17022']])
  await engineOf(app)!.idle()
  // What the app's toast names: the close price and the realised P/L ((1.17010 − 1.16640) × 100 000).
  expect((await tab.next('order_update', seen)).message.data).toEqual({ orderNo, kind: 'contract', status: 'closed', closeReason: 'take_profit', ...facts, price: '1.17010', profit: '370' })
  expect((await tab.next('balance_update', seen)).message.data).toEqual({ book: 'demo' })
  expect((await tab.next('new_message', seen)).message.data).toMatchObject({ title: 'Take profit reached' })
  expect(stranger.frames.map((f) => f.message.messageType).filter((t) => t !== 'ticker')).toEqual(['bound'])
})

it('names a filled stop, its fill price and the position it opened, so the app can link to it', async () => {
  const owner = await signIn(app)
  const tab = await bound(owner.token)
  await publishQuotes(app, [['EURUSD', '1.16628', '1.16640']])
  const res = await call(app, 'POST', '/api/createLimitOrder', {
    token: owner.token,
    headers: { 'idempotency-key': randomUUID() },
    body: { symbol: 'EURUSD', side: 'buy', lots: '0.5', leverage: 500, price: '1.16700', type: 'stop' },
  })
  const { orderNo } = res.body.data as Order
  await tab.next('order_update')
  const seen = tab.frames.length
  await publishQuotes(app, [['EURUSD', '1.16700', '1.16712']])
  await engineOf(app)!.idle()
  const updates = () => tab.frames.slice(seen).filter((f) => f.message.messageType === 'order_update').map((f) => f.message.data as Record<string, unknown>)
  await tab.next('order_update', seen)
  const filled = updates().find((d) => d.orderNo === orderNo)
  expect(filled).toMatchObject({ kind: 'limit', status: 'filled', pendingType: 'stop', symbol: 'EURUSD', side: 'buy', lots: '0.5', price: '1.16712' })
  expect(filled!.linkedOrderNo).toMatch(/^\d+$/)
})
