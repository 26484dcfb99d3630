// Closing positions marks them closed in one UPDATE (0052_positions_closed_in_one_update.sql), and each must still be
// found by a probe of orders' primary key however young the table was when PL/pgSQL kept its plan: planned as a join
// while orders held a few rows, such an update read the whole table, or the whole of an index, on every batch of
// closes (0050_named_plans_that_grow.sql).
import { sql, TransactionRollbackError } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterEach, expect, it } from 'vitest'
import { buildTestApp, pagesRead, signIn } from '../../test/helpers.ts'
import { userIdOf } from '../../idempotency/test-endpoints.ts'
import type { Tx } from '../../ledger/types.ts'
import { closeOrderRows, type CloseUpdate } from './orders.repository.ts'
import type { OrderRow } from './orders.table.ts'
import { plain } from './orders.view.ts'

let app: FastifyInstance | undefined
afterEach(() => app?.close())

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
const priceOf = (row: OrderRow | undefined) => plain(row?.closePrice ?? null)

/** `count` open EURUSD positions of the user, straight into the table: their numbers. */
async function opened(tx: Tx, userId: string, prefix: string, count: number): Promise<bigint[]> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      INSERT INTO orders (user_id, book, kind, symbol, side, lots, leverage, status, open_price, margin, margin_currency,
          open_time, create_time, open_key)
        SELECT ${userId}::uuid, 'demo', 'contract', 'EURUSD', 'buy', 0.1, 100, 'open', 1.1664, 116.64, 'USDT', 1, 1,
          ${prefix} || '-' || n
        FROM generate_series(1, ${count}::int) AS n
        RETURNING id::text`),
  )
  return rows.map((r) => BigInt(r.id))
}

const closing = (id: bigint, closePrice: string): CloseUpdate => ({
  id,
  closePrice,
  closeTime: 2,
  profit: '1.5',
  closeReason: 'user',
  closeMarginLevel: null,
  settlementPending: false,
  marginDrawn: '0',
})

it('closes each position with its own figures, reading a few pages with the plan made when orders was small and 20 000 rows since', async () => {
  app = await buildTestApp()
  const { wallet } = await signIn(app)
  const userId = await userIdOf(app, wallet.address)
  // One connection throughout (plans are per connection), rolled back at the end: a shared database keeps none of the
  // test's orders, so the next run's table is as young as this one's.
  let plan: { pages: number; status: string } | undefined
  const run = app.db.transaction(async (tx) => {
    // Ten batches while the user's orders are few: PL/pgSQL settles on a generic plan after five.
    for (let i = 0; i < 10; i++) {
      const [a, b] = await opened(tx, userId, `small-${i}`, 2)
      const closed = await closeOrderRows(tx, [closing(a!, '1.17001'), closing(b!, '1.17002')])
      expect([closed.get(a!)?.status, priceOf(closed.get(a!)), priceOf(closed.get(b!))]).toEqual(['closed', '1.17001', '1.17002'])
    }
    // A number given twice is closed once, with its first figures.
    const [twice] = await opened(tx, userId, 'twice', 1)
    const closedTwice = await closeOrderRows(tx, [closing(twice!, '1.18'), closing(twice!, '1.19')])
    expect([closedTwice.size, priceOf(closedTwice.get(twice!))]).toEqual([1, '1.18'])

    await opened(tx, userId, 'grown', 20_000)
    const [last] = await opened(tx, userId, 'last', 1)
    const json = JSON.stringify([{ ...closing(last!, '1.17003'), id: String(last) }])
    const pages = await pagesRead(tx, sql`SELECT * FROM orders_close_rows(${json}::jsonb)`)
    const after = rowsOf<{ status: string }>(await tx.execute(sql`SELECT status FROM orders WHERE id = ${String(last)}::bigint`))
    plan = { pages, status: after[0]!.status }
    tx.rollback()
  })
  await expect(run).rejects.toBeInstanceOf(TransactionRollbackError)
  expect(plan!.status).toBe('closed')
  // A probe of the primary key (and the row's indexes) is a handful of pages; the whole table or an index is hundreds.
  expect(plan!.pages).toBeLessThan(60)
})
