// The daily accrual of Smart plans, run by the leader (server/jobs/jobs.ts) and safe to run anywhere, any number of
// times: each call of earn_accrue_step (0041_earn.sql) credits one more day to every running purchase whose next day
// is due by today, advancing its days_paid in the same statement that posts the day, under one advisory lock. So a
// restart, a second process or a second run the same day pays nothing twice, and missed days are caught up one
// statement per day. Days are UTC days of the earn clock (clock.ts).
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { retrying } from '../../ledger/db-errors.ts'
import { utcDay } from './clock.ts'

/** A plan runs at most 3650 days: more steps than that in one run would be a bug, not a backlog. */
const MAX_STEPS = 3651

export type Accrual = { steps: number; credited: number }

export async function accrue(db: Db, now: number): Promise<Accrual> {
  const today = utcDay(now)
  let steps = 0
  let credited = 0
  for (; steps < MAX_STEPS; steps++) {
    const n = await retrying(async () => {
      const result = (await db.execute(sql`SELECT earn_accrue_step(${today}::date, ${now}::bigint) AS n`)) as unknown as { rows: { n: number }[] }
      return Number(result.rows[0]?.n ?? 0)
    })
    if (n === 0) break
    credited += n
  }
  return { steps, credited }
}
