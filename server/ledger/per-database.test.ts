// Two apps in one process, each on an in-memory database of its own (the CLI and the tests do this): a posting on
// one must not be steered by what the ledger remembered about the other (post.ts openedInTx, legs.ts scales).
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, newWallet } from '../test/helpers.ts'
import { bookBalances } from './books.ts'
import { postJournalsInTx, type JournalInput } from './post.ts'

let a: FastifyInstance
let b: FastifyInstance
beforeAll(async () => {
  // In memory whatever the environment: on PostgreSQL both would be one database.
  const inMemory = () => buildTestApp({ databaseUrl: undefined, redisUrl: undefined, tickMs: 0 })
  ;[a, b] = await Promise.all([inMemory(), inMemory()])
})
afterAll(async () => Promise.all([a?.close(), b?.close()]))

/** The same user (same id) in a database. */
const addUser = (app: FastifyInstance, id: string) =>
  app.db.execute(sql`INSERT INTO users (id, address, created_at) VALUES (${id}, ${newWallet().address}, now())`)

const credit = (userId: string): JournalInput => ({
  kind: 'deposit',
  reason: 'deposit.credit',
  idempotencyKey: randomUUID(),
  userId,
  legs: [
    { account: { ownerId: null, book: 'live', kind: 'deposits_clearing' }, amount: '-5', currency: 'USDT' },
    { account: { ownerId: userId, book: 'live', kind: 'available' }, amount: '5', currency: 'USDT' },
  ],
})

it("a posting inside a transaction on one database opens its accounts there, whatever another database's ledger opened", async () => {
  const userId = randomUUID()
  await addUser(a, userId)
  await addUser(b, userId)
  const [onA] = await a.db.transaction((tx) => postJournalsInTx(tx, [credit(userId)]))
  expect(onA).not.toBeInstanceOf(Error)
  // The first attempt on the other database is the one a user waits for: it must post, not fail for want of an
  // account that only the first database has.
  const [onB] = await b.db.transaction((tx) => postJournalsInTx(tx, [credit(userId)]))
  expect(onB).not.toBeInstanceOf(Error)
  expect((await bookBalances(b.db, userId, 'live')).currencies.find((c) => c.currency === 'USDT')?.available).toBe('5')
})
