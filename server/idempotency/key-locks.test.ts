// A batch of orders holds its keys from its first statement to its commit (0051_keys_locked_stored_once.sql), though
// it writes them only at the end: another claim of a held key, by the general path or by another batch (another
// process), waits for that commit and then finds the outcome, instead of running the request a second time. Needs two
// connections, so PostgreSQL only (PGlite has one).
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { buildTestApp, signIn, usingPostgres } from '../test/helpers.ts'
import { insertClaims, insertOutcomes, lockKeys, storedOf } from './store.ts'
import { deferred, userIdOf } from './test-endpoints.ts'

let app: FastifyInstance | undefined
afterEach(() => app?.close())

/** Whether `promise` is still pending after `ms`. */
const stillWaiting = async (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), ms))])

describe.skipIf(!usingPostgres)('a key held by a batch still running (PostgreSQL)', () => {
  it('holds up a general-path claim and another batch until the commit, which then find the stored outcome', async () => {
    app = await buildTestApp()
    const { wallet } = await signIn(app)
    const scope = { userId: await userIdOf(app, wallet.address), endpoint: 'key-lock-test', key: randomUUID() }
    const fingerprint = 'b'.repeat(64)
    const at = new Date().toISOString()
    const db = app.db
    const locked = deferred()
    const commit = deferred()
    const batch = db.transaction(async (tx) => {
      expect(await lockKeys(tx, [scope])).toEqual([false])
      locked.resolve()
      await commit.promise
      const row = { ...storedOf(scope, randomUUID(), { statusCode: 200, data: { orderNo: '1' } }, Date.now()), fingerprint }
      await insertOutcomes(tx, [row])
    })
    await locked.promise
    const claim = insertClaims(db, [{ user_id: scope.userId, endpoint: scope.endpoint, key: scope.key, fingerprint, attempt: randomUUID(), at }])
    const second = db.transaction((tx) => lockKeys(tx, [scope]))
    try {
      expect(await stillWaiting(claim, 300)).toBe(true)
      expect(await stillWaiting(second, 50)).toBe(true)
    } finally {
      commit.resolve()
    }
    await batch
    // The claim found the key taken (no second "running" row), and the other batch found it stored.
    expect(await claim).toEqual([false])
    expect(await second).toEqual([true])
  })
})
