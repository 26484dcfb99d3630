// Order batches in flight beside each other (orders.service.ts, STALL_MS): users' opens and closes gathered into
// batches on house accounts in shards (server/ledger/shards.ts). On PGlite and PostgreSQL, many users trading at once
// leave every book and the ledger consistent; on PostgreSQL (a pool: PGlite has one connection, so a held transaction
// there holds every other), a batch held up inside its transaction no longer holds up other users' orders.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order, TradeAccount } from '#contract/orders.ts'
import { deferred, userIdOf } from '../../idempotency/test-endpoints.ts'
import { call, buildTestApp, usingPostgres } from '../../test/helpers.ts'
import { lockBook } from './orders.repository.ts'
import { fileBooks } from './test-books.ts'
import { publishQuotes, testClock } from './test-market.ts'

const { signedIn, consistent } = fileBooks()
const clock = testClock()
let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, houseShards: 8 })
  await publishQuotes(app, [['EURUSD', '1.16628', '1.16640']])
})
afterAll(() => app?.close())

const post = (url: string, token: string, body: unknown) => call(app, 'POST', url, { token, body, headers: { 'idempotency-key': randomUUID() } })
const BUY = { symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 500 }
const account = async (token: string) => (await call(app, 'GET', '/api/getTradeAccount', { token })).body.data as TradeAccount

describe('orders of many users at once', () => {
  it('24 users opening and closing together each pay their own fee and spread, and the ledger stays consistent', async () => {
    const users = await Promise.all(Array.from({ length: 24 }, () => signedIn(app)))
    const opened = await Promise.all(users.map((u) => post('/api/createContractOrder', u.token, BUY)))
    expect(opened.map((a) => a.body.code)).toEqual(users.map(() => 200))
    const closed = await Promise.all(
      users.map((u, i) => post('/api/closePositionOrder', u.token, { orderNo: (opened[i]!.body.data as Order).orderNo })),
    )
    expect(closed.map((a) => a.body.code)).toEqual(users.map(() => 200))
    // Each lost the spread (12) and paid the fee (3.4992) of one lot, whichever house shard took them.
    for (const u of users) expect(await account(u.token)).toMatchObject({ balance: '9984.5008', margin: '0' })
    expect(await consistent(app)).toBe(true)
  })
})

/** Until a transaction waits for a book lock (orders_lock_books, orders.repository.ts lockBooksBalances). */
async function waitingForBookLock() {
  for (;;) {
    const { rows } = (await app.db.execute(sql`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory' AND query LIKE '%orders_lock_books%'`)) as unknown as { rows: { n: number }[] }
    if (rows[0]!.n > 0) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe.skipIf(!usingPostgres)('a batch held up inside its transaction (PostgreSQL)', () => {
  it('holds up its own user only: another user’s open completes meanwhile, and both settle consistently', async () => {
    const [held, other] = [await signedIn(app), await signedIn(app)]
    const heldId = await userIdOf(app, held.wallet.address)
    // Something else holds the first user's book (a stop-out, a demo reset): their open's batch waits inside its
    // transaction for the book lock. With one batch in flight, every later order would wait behind it.
    const [locked, release] = [deferred(), deferred()]
    const holder = app.db.transaction(async (tx) => {
      await lockBook(tx, heldId, 'demo')
      locked.resolve()
      await release.promise
    })
    await locked.promise
    let heldAnswered = false
    const heldOpen = post('/api/createContractOrder', held.token, BUY).then((a) => ((heldAnswered = true), a))
    await waitingForBookLock()
    try {
      const otherOpen = await Promise.race([
        post('/api/createContractOrder', other.token, BUY),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000)),
      ])
      expect(otherOpen?.body.code).toBe(200)
      expect(heldAnswered).toBe(false)
    } finally {
      release.resolve()
    }
    await holder
    expect((await heldOpen).body.code).toBe(200)
    expect(await account(held.token)).toMatchObject({ margin: '233.28' })
    expect(await account(other.token)).toMatchObject({ margin: '233.28' })
    expect(await consistent(app)).toBe(true)
  })
})
