// What the owner's open tabs hear when a position is managed (manage.service.ts): order_update for every row that
// changed (the position, the closed part, each closed position) and balance_update, so the lists refresh live.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Order } from '#contract/orders.ts'
import type { PartlyClosed } from '#contract/orders-manage.ts'
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
const post = (token: string, path: string, body: unknown) => call(app, 'POST', `/api/${path}`, { token, body, headers: { 'idempotency-key': randomUUID() } })

/** The order_update messages the tab has heard so far, once there are `n` of them (frames arrive after the answer). */
async function orderUpdates(tab: TestClient, n: number) {
  const heard = () => tab.frames.filter((f) => f.message.messageType === 'order_update').map((f) => f.message.data)
  await expect.poll(() => heard().length, { timeout: 5000 }).toBe(n)
  return heard()
}

it('tells the owner’s tabs about a TP change, a partial close and a close all', async () => {
  const owner = await signIn(app)
  const tab = await bound(owner.token)
  const { orderNo } = (await post(owner.token, 'createContractOrder', { symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 500 })).body.data as Order
  await orderUpdates(tab, 1)

  await post(owner.token, 'modifyOrderStops', { orderNo, takeProfit: '1.17000' })
  expect((await orderUpdates(tab, 2))[1]).toMatchObject({ orderNo, kind: 'contract', status: 'open', closeReason: null, symbol: 'EURUSD', lots: '1' })

  const balances = () => tab.frames.filter((f) => f.message.messageType === 'balance_update').length
  // The open's and the TP change's (which tells every process's engine the book changed).
  await expect.poll(balances).toBe(2)
  const { closed } = (await post(owner.token, 'partialClosePosition', { orderNo, lots: '0.5' })).body.data as PartlyClosed
  expect((await orderUpdates(tab, 4)).slice(2)).toMatchObject([
    { orderNo, kind: 'contract', status: 'open', closeReason: null, lots: '0.5' },
    { orderNo: closed.orderNo, kind: 'contract', status: 'closed', closeReason: 'user', lots: '0.5' },
  ])
  await expect.poll(balances).toBe(3)

  await post(owner.token, 'closeAllPositions', {})
  expect((await orderUpdates(tab, 5))[4]).toMatchObject({ orderNo, kind: 'contract', status: 'closed', closeReason: 'user', lots: '0.5' })
})
