// Requests with one key at the same time: exactly one runs, the others hear "still being processed". A key left
// running by a crash is taken over once it is older than STALE_AFTER_MS, and the ledger still posts once.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { buildTestApp, call, signIn } from '../test/helpers.ts'
import { STALE_AFTER_MS } from './store.ts'
import { deferred, feeJournals, registerTestEndpoints, testApi, userIdOf } from './test-endpoints.ts'

let app: FastifyInstance | undefined
afterEach(() => app?.close())

/** An app whose clock the test moves. */
async function setUp() {
  const clock = { now: Date.now() }
  app = await buildTestApp({ now: () => clock.now })
  const endpoints = registerTestEndpoints(app)
  const { wallet, token } = await signIn(app)
  const userId = await userIdOf(app, wallet.address)
  const key = randomUUID()
  const spend = () =>
    call(app!, 'POST', `/api${testApi.gated.path}`, { token, body: { amount: '7' }, headers: { 'idempotency-key': key } })
  return { app, clock, endpoints, token, userId, spend }
}

const busy = { code: 409, msg: 'A request with this key is still being processed', data: null }

describe('one key at the same time', () => {
  it('runs exactly one request; the others are told it is still being processed', async () => {
    const { app, endpoints, userId, spend } = await setUp()
    const settled: Awaited<ReturnType<typeof spend>>[] = []
    const fourSettled = deferred()
    const requests = Array.from({ length: 5 }, () =>
      spend().then((res) => {
        settled.push(res)
        if (settled.length === 4) fourSettled.resolve()
        return res
      }),
    )
    // The first holds the gate; the four others answer while it waits.
    await endpoints.gate.reached.promise
    await fourSettled.promise
    expect(settled.map((r) => r.body)).toEqual([busy, busy, busy, busy])
    endpoints.gate.open.resolve()
    const answers = await Promise.all(requests)
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1)
    expect(endpoints.calls(testApi.gated.path)).toBe(1)
    expect(await feeJournals(app, userId)).toBe(1)
    const later = await spend()
    expect(later.headers['idempotent-replayed']).toBe('true')
    expect(later.body).toEqual(answers.find((r) => r.status === 200)!.body)
  })

  it('takes over a key left running longer than the stale limit, and the money still moves once', async () => {
    const { app, clock, endpoints, token, userId, spend } = await setUp()
    const first = spend()
    await endpoints.gate.reached.promise
    clock.now += STALE_AFTER_MS - 1
    expect((await spend()).body).toEqual(busy)
    clock.now += 2
    // The first attempt looks dead: this one runs the handler again, and the ledger's key makes it one posting.
    const second = await spend()
    expect(second.body).toMatchObject({ code: 200, data: { spent: '7' } })
    endpoints.gate.open.resolve()
    const late = await first
    expect(late.body).toEqual(second.body)
    expect(endpoints.calls(testApi.gated.path)).toBe(2)
    expect(await feeJournals(app, userId)).toBe(1)
    const balance = await call(app, 'GET', '/api/getBalance', { token })
    expect(balance.body.data).toMatchObject({ totalUsdt: '9993' })
    expect((await spend()).headers['idempotent-replayed']).toBe('true')
  })
})
