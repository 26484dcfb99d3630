// Node staking, the operators' side (docs/staking.md): define an activity (admin), pause, resume or close it, and see
// each one's open pledges and what they may still be paid (finance). The reserve is the earn reserve, funded and
// watched on the console's "Smart plans and reserve" page. Every change is audited in the transaction that makes it.
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { OpsActivity, OpsActivityInput, OpsActivityStatus } from '#contract/ops-staking.ts'
import { AppError } from '../../app-error.ts'
import { trim } from '../../ledger/reconcile.ts'
import type { DbOrTx } from '../../ledger/types.ts'
import type { OperatorActor } from '../ops/operators.ts'
import { insertProduct, requireScale, setStatus } from '../earn/catalog-ops.ts'
import { earnNow } from '../earn/clock.ts'
import { freeReserve } from '../earn/reserve.ts'
import { isSoldOut, toActivity } from './staking.service.ts'
import { stakingActivities, type StakingActivityRow } from './staking.table.ts'

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

async function toOps(app: FastifyInstance, db: DbOrTx, row: StakingActivityRow): Promise<OpsActivity> {
  const [open] = rowsOf<{ n: number; committed: string | null; owed: string | null }>(
    await db.execute(sql`
      SELECT count(*)::int AS n, sum(principal)::text AS committed, sum(earmark - paid)::text AS owed FROM staking_pledges
      WHERE activity_id = ${row.id} AND status IN ('collecting', 'active')`),
  )
  // Sold out as a live user sees it.
  const { pledge: _pledge, ...activity } = toActivity(row, isSoldOut(row, await freeReserve(db, 'live', row.currency)), null, earnNow(app))
  return { ...activity, open: Number(open?.n ?? 0), committed: trim(open?.committed ?? '0'), owed: trim(open?.owed ?? '0') }
}

export async function opsActivities(app: FastifyInstance): Promise<OpsActivity[]> {
  const rows = await app.db.select().from(stakingActivities).orderBy(stakingActivities.id)
  return Promise.all(rows.map((row) => toOps(app, app.db, row)))
}

const snapshot = (row: StakingActivityRow) => ({ ...toActivity(row, false, null, 0), soldOut: undefined, pledge: undefined })

const audited = { module: 'staking', subject: 'staking-activity', snapshot }

export async function createActivity(app: FastifyInstance, operator: OperatorActor, input: OpsActivityInput): Promise<OpsActivity> {
  if (!input.names.en_US) throw new AppError(400, 'stakingNameRequired')
  requireScale(input.currency, [input.agreedAmount, input.bonus])
  const values = {
    names: input.names,
    descriptions: input.descriptions,
    currency: input.currency,
    agreedAmount: input.agreedAmount,
    bonus: input.bonus,
    days: input.days,
    dailyRate: input.dailyRate,
    exitShare: input.exitShare,
    nodeStatement: input.nodeStatement?.text ?? null,
    nodeEvidence: input.nodeStatement?.evidenceUrl ?? null,
  }
  return toOps(app, app.db, await insertProduct(app, operator, stakingActivities, values, 'createActivity', audited))
}

/** active <-> paused; either -> closed, for good (open pledges still run to the end of their period). */
export async function setActivityStatus(app: FastifyInstance, operator: OperatorActor, body: OpsActivityStatus): Promise<OpsActivity> {
  const notes = { ...audited, notFound: 'stakingActivityNotFound', closed: 'stakingClosed' } as const
  return toOps(app, app.db, await setStatus(app, operator, stakingActivities, body, 'setActivityStatus', notes))
}
