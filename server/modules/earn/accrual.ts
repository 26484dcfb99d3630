// The daily accrual of Smart plans, run by the leader (server/jobs/jobs.ts) and safe to run anywhere, any number of
// times: each call of earn_accrue_step (0041_earn.sql) credits one more day to every running purchase whose next day
// is due by today, advancing its days_paid in the same statement that posts it, under one advisory lock. So a
// restart, a second process or a second run the same day pays nothing twice, and missed days are caught up one
// statement per day. Days are UTC days of the earn clock (clock.ts).
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import { retrying } from '../../ledger/db-errors.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import type { Book } from '../../ledger/types.ts'
import { earnNow, utcDay } from './clock.ts'

/** A plan runs at most 3650 days: more steps than that in one run would be a bug, not a backlog. */
const MAX_STEPS = 3651

type Touched = { userId: string; book: Book }
/** touched: whose books moved, or null when a step credited too many to push to each (they see it on their next read). */
export type Accrual = { steps: number; credited: number; touched: Touched[] | null }

export async function accrue(db: Db, now: number): Promise<Accrual> {
  const today = utcDay(now)
  let steps = 0
  let credited = 0
  let touched: Map<string, Touched> | null = new Map()
  for (; steps < MAX_STEPS; steps++) {
    const row = await retrying(async () => {
      const result = (await db.execute(sql`SELECT credited, touched FROM earn_accrue_step(${today}::date, ${now}::bigint)`)) as unknown as {
        rows: { credited: number; touched: Touched[] | string | null }[]
      }
      return result.rows[0]!
    })
    const n = Number(row.credited)
    if (n === 0) break
    credited += n
    const users = typeof row.touched === 'string' ? (JSON.parse(row.touched) as Touched[]) : row.touched
    if (!users) touched = null
    else for (const u of users) touched?.set(`${u.userId}:${u.book}`, u)
  }
  return { steps, credited, touched: touched && [...touched.values()] }
}

/** The accrual on the app's database and earn clock; after it, each user whose book moved hears balance_update. */
export async function runAccrual(app: FastifyInstance): Promise<Accrual> {
  const result = await accrue(app.db, earnNow(app))
  if (result.touched && result.touched.length > 0) {
    await pushBalanceUpdates(app, { journalId: '', createdAt: new Date(app.now()), replayed: false, touched: result.touched })
  }
  return result
}
