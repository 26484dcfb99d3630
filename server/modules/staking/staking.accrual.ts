// Node staking's daily reward, run by the leader (server/jobs/jobs.ts) beside the Smart plans' accrual and safe to run
// anywhere, any number of times: each call of staking_accrue_step (0046_node_staking.sql) credits one more day to every
// active pledge whose next day is due, advancing days_paid in the statement that posts it, under the earn accrual's
// advisory lock. A restart, a second process or a second run the same day pays nothing twice; missed days are caught
// up one statement per day. Days are UTC days of the earn clock (server/modules/earn/clock.ts).
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import { retrying } from '../../ledger/db-errors.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import type { Book } from '../../ledger/types.ts'
import { earnNow, utcDay } from '../earn/clock.ts'

const MAX_STEPS = 3651

type Touched = { userId: string; book: Book }
export type StakingAccrual = { steps: number; credited: number; touched: Touched[] | null }

export async function accrueStaking(db: Db, now: number): Promise<StakingAccrual> {
  const today = utcDay(now)
  let steps = 0
  let credited = 0
  let touched: Map<string, Touched> | null = new Map()
  for (; steps < MAX_STEPS; steps++) {
    const row = await retrying(async () => {
      const result = (await db.execute(sql`SELECT credited, touched FROM staking_accrue_step(${today}::date, ${now}::bigint)`)) as unknown as {
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

/** The rewards on the app's database and earn clock; each user whose book moved hears balance_update. */
export async function runStakingAccrual(app: FastifyInstance): Promise<StakingAccrual> {
  const result = await accrueStaking(app.db, earnNow(app))
  if (result.touched && result.touched.length > 0) {
    await pushBalanceUpdates(app, { journalId: '', createdAt: new Date(app.now()), replayed: false, touched: result.touched })
  }
  return result
}
