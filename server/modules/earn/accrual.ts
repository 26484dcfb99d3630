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

export type Touched = { userId: string; book: Book }
/** touched: whose books moved, or null when a step credited too many to push to each (they see it on their next read). */
export type Accrual = { steps: number; credited: number; touched: Touched[] | null }
/** One day for every product whose next day is due by `today`, in one transaction; credited 0 when nothing was due.
 * The Smart plans' step is earn_accrue_step; node staking's is server/modules/staking/staking.accrual.ts. */
export type AccrualStep = (db: Db, today: string, now: number) => Promise<{ credited: number; touched: Touched[] | null }>

/** The SQL step's answer: touched comes back as jsonb (text on some drivers). */
const touchedOf = (value: Touched[] | string | null): Touched[] | null => (typeof value === 'string' ? (JSON.parse(value) as Touched[]) : value)

const earnStep: AccrualStep = async (db, today, now) => {
  const result = (await db.execute(sql`SELECT credited, touched FROM earn_accrue_step(${today}::date, ${now}::bigint)`)) as unknown as {
    rows: { credited: number; touched: Touched[] | string | null }[]
  }
  const row = result.rows[0]!
  return { credited: Number(row.credited), touched: touchedOf(row.touched) }
}

/** Calls `step` until nothing is due: missed days are caught up one step per day. */
export async function accrue(db: Db, now: number, step: AccrualStep = earnStep): Promise<Accrual> {
  const today = utcDay(now)
  let steps = 0
  let credited = 0
  let touched: Map<string, Touched> | null = new Map()
  for (; steps < MAX_STEPS; steps++) {
    const row = await retrying(() => step(db, today, now))
    if (row.credited === 0) break
    credited += row.credited
    if (!row.touched) touched = null
    else for (const u of row.touched) touched?.set(`${u.userId}:${u.book}`, u)
  }
  return { steps, credited, touched: touched && [...touched.values()] }
}

/** The accrual on the app's database and earn clock; after it, each user whose book moved hears balance_update. */
export async function runAccrual(app: FastifyInstance, step: AccrualStep = earnStep): Promise<Accrual> {
  const result = await accrue(app.db, earnNow(app), step)
  if (result.touched && result.touched.length > 0) {
    await pushBalanceUpdates(app, { journalId: '', createdAt: new Date(app.now()), replayed: false, touched: result.touched })
  }
  return result
}
