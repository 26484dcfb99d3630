// House accounts in shards (shards.ts, 0026_house_shards.sql), on PGlite and (with DATABASE_URL) PostgreSQL with a
// pool: a house leg goes to its user's shard, what operators read (totals, reconciliation) sums the shards, and, on
// PostgreSQL, a transaction holding one shard's house row holds up only that shard's users. That last part needs two
// connections at once, which PGlite (one connection: a held transaction holds everything) cannot have.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deferred } from '../idempotency/test-endpoints.ts'
import { buildTestApp, usingPostgres } from '../test/helpers.ts'
import { Decimal } from './decimal.ts'
import { postJournal } from './post.ts'
import { ledgerTotals, reconcile } from './reconcile.ts'
import { houseShardOf, houseShards } from './shards.ts'
import { newUserId } from './test-db.ts'
import type { DbOrTx } from './types.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ houseShards: 8 })
})
afterAll(() => app?.close())

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** A new user with 100 live USDT, on the shard asked for (or any other than `not`). */
async function funded(want: (shard: number) => boolean): Promise<string> {
  for (;;) {
    const userId = await newUserId(app.db)
    if (!want(houseShardOf(app.db, userId))) continue
    await postJournal(app.db, {
      kind: 'transfer', reason: 'transfer', idempotencyKey: randomUUID(), userId,
      legs: [
        { account: { ownerId: userId, book: 'live', kind: 'available' }, amount: '100', currency: 'USDT' },
        { account: { ownerId: null, book: 'live', kind: 'deposits_clearing' }, amount: '-100', currency: 'USDT' },
      ],
    })
    return userId
  }
}

const fee = (handle: DbOrTx, userId: string, amount: string) =>
  postJournal(handle, {
    kind: 'fee', reason: 'trade.fee', idempotencyKey: randomUUID(), userId,
    legs: [
      { account: { ownerId: userId, book: 'live', kind: 'available' }, amount: `-${amount}`, currency: 'USDT' },
      { account: { ownerId: null, book: 'live', kind: 'fees' }, amount, currency: 'USDT' },
    ],
  })

/** Every shard row of the live USDT fees account: balance by shard. */
async function feeShards(db: DbOrTx = app.db): Promise<Map<number, Decimal>> {
  const rows = rowsOf<{ shard: number; balance: string }>(
    await db.execute(sql`SELECT shard, balance::text AS balance FROM accounts WHERE owner_id IS NULL AND book = 'live' AND kind = 'fees' AND currency = 'USDT'`),
  )
  return new Map(rows.map((r) => [Number(r.shard), new Decimal(r.balance)]))
}
const grew = (before: Map<number, Decimal>, after: Map<number, Decimal>, shard: number) => (after.get(shard) ?? new Decimal(0)).minus(before.get(shard) ?? 0).toFixed()
const feesTotal = async () => (await ledgerTotals(app.db)).find((r) => r.book === 'live' && r.owner === 'system' && r.kind === 'fees' && r.currency === 'USDT')

describe('house accounts in shards', () => {
  it('a fee goes to its user’s shard of the house, and the totals and reconciliation count every shard', async () => {
    expect(houseShards(app.db)).toBe(8)
    const first = await funded(() => true)
    const second = await funded((shard) => shard !== houseShardOf(app.db, first))
    const [shardsBefore, totalBefore] = [await feeShards(), await feesTotal()]
    await fee(app.db, first, '1.5')
    await fee(app.db, second, '2.25')
    const after = await feeShards()
    expect(grew(shardsBefore, after, houseShardOf(app.db, first))).toBe('1.5')
    expect(grew(shardsBefore, after, houseShardOf(app.db, second))).toBe('2.25')
    // The console's totals: one line for the house's fees, the sum of its shards, with the rows it sums.
    const total = await feesTotal()
    expect(new Decimal(total!.total).minus(totalBefore?.total ?? 0).toFixed()).toBe('3.75')
    expect(total!.accounts).toBeGreaterThanOrEqual(2)
    expect(total!.total).toBe([...after.values()].reduce((a, b) => a.plus(b), new Decimal(0)).toFixed())
    const found = await reconcile(app.db)
    expect(found.mismatchedAccounts).toBe(0)
    expect(found.currencies.find((c) => c.currency === 'USDT')?.sum).toBe('0')
  })

  it('a user’s account is one row whatever the shard count: the database refuses a second shard of it', async () => {
    const userId = await funded(() => true)
    const refused = await app.db
      .execute(sql`INSERT INTO accounts (owner_id, currency, book, kind, shard) VALUES (${userId}, 'USDT', 'live', 'available', 1)`)
      .then(() => null, (error: unknown) => error)
    expect(String((refused as { cause?: unknown })?.cause ?? refused)).toMatch(/accounts_shard_check/)
  })

  it('the count is each app’s own: an app with HOUSE_SHARDS 1 beside this one takes every fee on shard 0, and this one keeps 8', async () => {
    const single = await buildTestApp({ houseShards: 1 })
    try {
      expect([houseShards(single.db), houseShards(app.db)]).toEqual([1, 8])
      // A user whom an app of 8 shards would send to another shard than 0.
      let userId = await newUserId(single.db)
      while (houseShardOf(app.db, userId) === 0) userId = await newUserId(single.db)
      await postJournal(single.db, {
        kind: 'transfer', reason: 'transfer', idempotencyKey: randomUUID(), userId,
        legs: [
          { account: { ownerId: userId, book: 'live', kind: 'available' }, amount: '100', currency: 'USDT' },
          { account: { ownerId: null, book: 'live', kind: 'deposits_clearing' }, amount: '-100', currency: 'USDT' },
        ],
      })
      const before = await feeShards(single.db)
      await fee(single.db, userId, '1.5')
      expect(grew(before, await feeShards(single.db), 0)).toBe('1.5')
      expect(houseShardOf(single.db, userId)).toBe(0)
    } finally {
      await single.close()
    }
  })
})

describe.skipIf(!usingPostgres)('house shards under a held transaction (PostgreSQL)', () => {
  it('a transaction holding one shard’s fees row holds up that shard’s users only', async () => {
    const held = await funded(() => true)
    const sameShard = await funded((shard) => shard === houseShardOf(app.db, held))
    const otherShard = await funded((shard) => shard !== houseShardOf(app.db, held))
    const [posted, release] = [deferred(), deferred()]
    const holding = app.db.transaction(async (tx) => {
      await fee(tx, held, '1')
      posted.resolve()
      await release.promise
    })
    await posted.promise
    const waited = (promise: Promise<unknown>, ms: number) =>
      Promise.race([promise.then(() => 'done'), new Promise((resolve) => setTimeout(() => resolve('waiting'), ms))])
    // With one house row per kind this would wait for the held transaction as well.
    expect(await waited(fee(app.db, otherShard, '1'), 5_000)).toBe('done')
    const queued = fee(app.db, sameShard, '1')
    expect(await waited(queued, 300)).toBe('waiting')
    release.resolve()
    await holding
    await queued
    expect((await reconcile(app.db)).mismatchedAccounts).toBe(0)
  })
})
