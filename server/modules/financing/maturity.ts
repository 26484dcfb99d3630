// Financing maturity, run by the leader (server/jobs/jobs.ts) and safe to run anywhere, any number of times: one call
// of financing_mature_step (0045_financing.sql) pays principal and interest to every running order whose maturity day
// has come, moving its status in the same statement, under one advisory lock. So a restart, a second process or a
// second run pays nothing twice, and a missed day is paid on the next run. Days are UTC days of the earn clock.
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import { retrying } from '../../ledger/db-errors.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import type { Book } from '../../ledger/types.ts'
import { earnNow, utcDay } from '../earn/clock.ts'

type Touched = { userId: string; book: Book }
/** touched: whose books moved, or null when too many matured to push to each (they see it on their next read). */
export type Maturity = { matured: number; touched: Touched[] | null }

export async function mature(db: Db, now: number): Promise<Maturity> {
  const row = await retrying(async () => {
    const result = (await db.execute(sql`SELECT matured, touched FROM financing_mature_step(${utcDay(now)}::date, ${now}::bigint)`)) as unknown as {
      rows: { matured: number; touched: Touched[] | string | null }[]
    }
    return result.rows[0]!
  })
  const matured = Number(row.matured)
  const touched = typeof row.touched === 'string' ? (JSON.parse(row.touched) as Touched[]) : row.touched
  return { matured, touched: matured === 0 ? [] : touched }
}

/** Maturity on the app's database and earn clock; after it, each user whose book moved hears balance_update. */
export async function runMaturity(app: FastifyInstance): Promise<Maturity> {
  const result = await mature(app.db, earnNow(app))
  if (result.touched && result.touched.length > 0) {
    await pushBalanceUpdates(app, { journalId: '', createdAt: new Date(app.now()), replayed: false, touched: result.touched })
  }
  return result
}
