// Node staking, the operators' side (docs/staking.md): define an activity (admin), pause, resume or close it, and see
// each one's open pledges and what they may still be paid (finance). The reserve is the earn reserve, funded and
// watched on the console's "Smart plans and reserve" page. Every change is audited in the transaction that makes it.
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { OpsActivity, OpsActivityInput, OpsActivityStatus } from '#contract/ops-staking.ts'
import { dec, moneyScale } from '#contract/trading-math.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { trim } from '../../ledger/reconcile.ts'
import type { DbOrTx } from '../../ledger/types.ts'
import { audit } from '../ops/audit.ts'
import type { OperatorActor } from '../ops/operators.ts'
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

export async function createActivity(app: FastifyInstance, operator: OperatorActor, input: OpsActivityInput): Promise<OpsActivity> {
  if (!input.names.en_US) throw new AppError(400, 'stakingNameRequired')
  const scale = moneyScale(input.currency)
  for (const amount of [input.agreedAmount, input.bonus]) {
    if (dec(amount).decimalPlaces() > scale) throw new AppError(400, 'amountTooPrecise', { amount, currency: input.currency, scale })
  }
  const now = app.now()
  const row = await app.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(stakingActivities)
      .values({
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
        status: 'active',
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    await audit(tx as unknown as Db, operator, { action: 'staking.createActivity', subject: `staking-activity:${inserted!.id}`, after: snapshot(inserted!) })
    return inserted!
  })
  return toOps(app, app.db, row)
}

/** active <-> paused; either -> closed, for good (open pledges still run to the end of their period). */
export async function setActivityStatus(app: FastifyInstance, operator: OperatorActor, body: OpsActivityStatus): Promise<OpsActivity> {
  const row = await app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(stakingActivities).where(eq(stakingActivities.id, BigInt(body.id))).for('update')
    if (!before) throw new AppError(404, 'stakingActivityNotFound')
    if (before.status === 'closed' && body.status !== 'closed') throw new AppError(409, 'stakingClosed')
    const [after] = await tx
      .update(stakingActivities)
      .set({ status: body.status, updatedAt: app.now() })
      .where(eq(stakingActivities.id, before.id))
      .returning()
    await audit(tx as unknown as Db, operator, {
      action: 'staking.setActivityStatus',
      subject: `staking-activity:${before.id}`,
      before: { status: before.status },
      after: { status: after!.status },
    })
    return after!
  })
  return toOps(app, app.db, row)
}
