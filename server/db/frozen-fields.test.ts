// What the database refuses whatever role or code asks (migration 0025): a withdrawal's address and amounts once it
// is asked and its outcome once decided, and an order's money fields once it is placed. Rows are written here by
// hand, as a compromised server role would, so the refusals are the database's own.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newUserId, refused, stated } from '../ledger/test-db.ts'
import { buildTestApp } from '../test/helpers.ts'

let app: FastifyInstance
let userId: string
beforeAll(async () => {
  app = await buildTestApp()
  userId = await newUserId(app.db)
})
afterAll(() => app?.close())

const idOf = (result: unknown) => (result as { rows: Array<{ id: string }> }).rows[0]!.id
const frozen = (message: RegExp) => ({ code: '23000', message: expect.stringMatching(message) as unknown as string })

describe('a withdrawal in the database', () => {
  async function asked() {
    return idOf(
      await app.db.execute(sql`
        INSERT INTO withdrawals (user_id, currency, network, address, amount, fee, receive, status, needs_second, request_key, created_at, updated_at)
        VALUES (${userId}, 'USDT', 'ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 100, 1, 99, 'pending', false, ${randomUUID()}, 1, 1)
        RETURNING id::text AS id`),
    )
  }

  it('keeps its address and amounts once asked', async () => {
    const id = await asked()
    const attacker = '0x000000000000000000000000000000000000bEEF'
    expect(stated(await refused(app.db, sql`UPDATE withdrawals SET address = ${attacker} WHERE id = ${id}`))).toEqual(frozen(/frozen once asked/))
    expect(stated(await refused(app.db, sql`UPDATE withdrawals SET amount = 1000, receive = 999 WHERE id = ${id}`))).toEqual(frozen(/frozen once asked/))
    expect(stated(await refused(app.db, sql`UPDATE withdrawals SET needs_second = true WHERE id = ${id}`))).toEqual(frozen(/frozen once asked/))
    // Deciding it is what may change.
    expect(await refused(app.db, sql`UPDATE withdrawals SET status = 'rejected', reject_reason = 'test' WHERE id = ${id}`)).toBeNull()
  })

  it('stays as it was decided', async () => {
    const id = await asked()
    await app.db.execute(sql`UPDATE withdrawals SET status = 'rejected', reject_reason = 'test' WHERE id = ${id}`)
    expect(stated(await refused(app.db, sql`UPDATE withdrawals SET status = 'pending', reject_reason = NULL WHERE id = ${id}`))).toEqual(frozen(/is decided/))
  })
})

describe('an order in the database', () => {
  async function opened() {
    return idOf(
      await app.db.execute(sql`
        INSERT INTO orders (user_id, book, kind, symbol, side, lots, leverage, status, open_price, margin, margin_currency, open_time, create_time, open_key)
        VALUES (${userId}, 'demo', 'contract', 'EURUSD', 'buy', 1, 100, 'open', 1.1, 1100, 'USDT', 1, 1, ${randomUUID()})
        RETURNING id::text AS id`),
    )
  }

  it('keeps its money fields once open, and its result once closed', async () => {
    const id = await opened()
    for (const change of [sql`margin = 1`, sql`lots = 100`, sql`open_price = 0.5`, sql`leverage = 1000`, sql`fee = 5`, sql`side = 'sell'`]) {
      expect(stated(await refused(app.db, sql`UPDATE orders SET ${change} WHERE id = ${id}`))).toEqual(frozen(/frozen once placed/))
    }
    // A close writes its figures once.
    expect(await refused(app.db, sql`UPDATE orders SET status = 'closed', close_price = 1.2, profit = 10000, close_time = 2 WHERE id = ${id}`)).toBeNull()
    expect(stated(await refused(app.db, sql`UPDATE orders SET profit = 1000000 WHERE id = ${id}`))).toEqual(frozen(/result is final/))
  })
})
