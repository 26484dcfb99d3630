// Keys are answered from the store for at least 24 hours, then the leader's job forgets them. The clock is set 30
// days back, so this test's keys are the only ones old enough for its pruning on a shared database.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postJournal } from '../ledger/post.ts'
import { leaderJobs } from '../jobs/jobs.ts'
import { createJobRunner } from '../jobs/runner.ts'
import { buildTestApp, call, signIn } from '../test/helpers.ts'
import { KEEP_KEYS_MS } from './store.ts'
import { registerTestEndpoints, testApi, userIdOf } from './test-endpoints.ts'

const HOUR_MS = 60 * 60 * 1000
const clock = { now: Date.now() - 30 * 24 * HOUR_MS }
let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ now: () => clock.now })
  registerTestEndpoints(app)
})
afterAll(() => app?.close())

describe('pruning idempotency keys', () => {
  it('keeps a key 24 hours, then forgets it: a refusal no longer answers for it', async () => {
    const start = clock.now
    const { wallet, token } = await signIn(app)
    const userId = await userIdOf(app, wallet.address)
    const runner = createJobRunner({ jobs: leaderJobs(app), isLeader: () => true, now: app.now, log: app.log })
    const key = randomUUID()
    const spend = () => call(app, 'POST', `/api${testApi.spend.path}`, { token, body: { amount: '15000' }, headers: { 'idempotency-key': key } })
    expect((await spend()).body).toEqual({ code: 409, msg: 'Insufficient balance', data: null })
    await postJournal(app.db, {
      kind: 'transfer',
      reason: 'transfer',
      idempotencyKey: randomUUID(),
      userId,
      legs: [
        { account: { ownerId: null, book: 'demo', kind: 'demo_funding' }, amount: '-10000', currency: 'USDT' },
        { account: { ownerId: userId, book: 'demo', kind: 'available' }, amount: '10000', currency: 'USDT' },
      ],
    })

    expect(await runner.runDue()).toEqual([])
    clock.now = start + KEEP_KEYS_MS - HOUR_MS
    expect(await runner.runDue()).toContain('prune idempotency keys')
    const kept = await spend()
    expect(kept.body).toEqual({ code: 409, msg: 'Insufficient balance', data: null })
    expect(kept.headers['idempotent-replayed']).toBe('true')

    clock.now = start + KEEP_KEYS_MS + 60_000
    expect(await runner.runDue()).toContain('prune idempotency keys')
    const anew = await spend()
    expect(anew.body).toMatchObject({ code: 200, data: { spent: '15000' } })
    expect(anew.headers['idempotent-replayed']).toBeUndefined()
    expect((await call(app, 'GET', '/api/getBalance', { token })).body.data).toMatchObject({ totalUsdt: '5000' })
  })
})
