// Smart plans and the reserve, the operators' side (docs/earn.md): define a plan, pause or close it, fund a book's
// reserve through the ledger, and see each reserve's coverage and what falls due by date. Every change is audited in
// the transaction that makes it (server/modules/ops/audit.ts).
import { count, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { OpsFundReserve, OpsPlan, OpsPlanInput, OpsPlanStatus, ReserveLine } from '#contract/ops-earn.ts'
import { dec } from '#contract/trading-math.ts'
import type { Db } from '../../db/client.ts'
import { postJournal } from '../../ledger/post.ts'
import { trim } from '../../ledger/reconcile.ts'
import type { Book, DbOrTx } from '../../ledger/types.ts'
import { audit } from '../ops/audit.ts'
import type { OperatorActor } from '../ops/operators.ts'
import { insertProduct, requireRangedProduct, setStatus } from './catalog-ops.ts'
import { dayStart, earnNow, utcDay } from './clock.ts'
import { dueByDate, type DueRow } from './earn.due.ts'
import { earnOrders, earnPlans, type EarnPlanRow } from './earn.table.ts'
import { isSoldOut, toPlan } from './earn.service.ts'
import { coverageOf, freeReserve, fundJournal, reserveBalances } from './reserve.ts'

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
/** Obligations by date: the next days shown in the console. */
const BY_DATE_DAYS = 30

async function toOps(db: DbOrTx, row: EarnPlanRow): Promise<OpsPlan> {
  const [running] = await db.select({ n: count() }).from(earnOrders).where(sql`${earnOrders.planId} = ${row.id} AND ${earnOrders.status} = 'running'`)
  // Sold out as a live user sees it.
  return { ...toPlan(row, isSoldOut(row, await freeReserve(db, 'live', row.currency))), running: running?.n ?? 0 }
}

export async function opsPlans(db: Db): Promise<OpsPlan[]> {
  const rows = await db.select().from(earnPlans).orderBy(earnPlans.id)
  return Promise.all(rows.map((row) => toOps(db, row)))
}

const snapshot = (row: EarnPlanRow) => ({ ...toPlan(row, false), soldOut: undefined })

const audited = { module: 'earn', subject: 'earn-plan', snapshot }

export async function createPlan(app: FastifyInstance, operator: OperatorActor, input: OpsPlanInput): Promise<OpsPlan> {
  requireRangedProduct(input)
  return toOps(app.db, await insertProduct(app, operator, earnPlans, input, 'createPlan', audited))
}

/** active <-> paused; either -> closed, for good (running purchases still run to expiry). */
export async function setPlanStatus(app: FastifyInstance, operator: OperatorActor, body: OpsPlanStatus): Promise<OpsPlan> {
  const notes = { ...audited, notFound: 'earnPlanNotFound', closed: 'earnPlanClosed' } as const
  return toOps(app.db, await setStatus(app, operator, earnPlans, body, 'setPlanStatus', notes))
}

export async function reserveLines(app: FastifyInstance): Promise<ReserveLine[]> {
  const db = app.db
  const today = utcDay(earnNow(app))
  const until = utcDay(dayStart(today, BY_DATE_DAYS))
  const [balances, owed, planDates, stakingDates, financingDates] = await Promise.all([
    reserveBalances(db),
    db.execute(sql`
      SELECT book, currency, sum(owed)::text AS owed, sum(principal)::text AS principal FROM (
        SELECT book, currency, earmark - paid AS owed, principal FROM earn_orders WHERE status = 'running'
        UNION ALL -- node staking's open pledges (server/modules/staking) are owed from the same reserve
        SELECT book, currency, earmark - paid, principal FROM staking_pledges WHERE status IN ('collecting', 'active')
        -- Financing orders (server/modules/financing) owe their term's interest from the same reserve.
        UNION ALL SELECT book, currency, interest, principal FROM financing_orders WHERE status = 'running'
      ) o GROUP BY book, currency`),
    dueByDate(db, until),
    // Node staking's active pledges: their rewards, and on their last day the amount and a bonus not received.
    dueByDate(db, until, 'staking'),
    // Financing pays principal and interest once, on its maturity day: one row per day, added to the plans' below.
    db.execute(sql`
      SELECT book, currency, to_char(start_day + days, 'YYYY-MM-DD') AS date, sum(interest)::text AS earnings, sum(principal)::text AS principal
      FROM financing_orders WHERE status = 'running' AND start_day + days <= ${until}::date GROUP BY 1, 2, 3`),
  ])
  type Key = { book: Book; currency: string }
  type Dated = Key & ReserveLine['byDate'][number]
  const keyOf = (k: Key) => `${k.book}:${k.currency}`
  const owedBy = new Map(rowsOf<Key & { owed: string; principal: string }>(owed).map((r) => [keyOf(r), r]))
  const datesBy = new Map<string, ReserveLine['byDate']>()
  const byKeyDate = new Map<string, Dated>()
  const dated = [
    ...[...planDates, ...rowsOf<DueRow>(financingDates)].map((r): Dated => ({ ...r, stakingRewards: '0', pledgesEnding: 0 })),
    ...stakingDates.map((r): Dated => ({ ...r, stakingRewards: r.earnings, pledgesEnding: r.ending })),
  ]
  for (const r of dated) {
    const at = `${keyOf(r)}:${r.date}`
    const seen = byKeyDate.get(at)
    const plus = (a: string, b: string) => dec(a).plus(b).toFixed()
    byKeyDate.set(
      at,
      seen
        ? { ...seen, earnings: plus(seen.earnings, r.earnings), principal: plus(seen.principal, r.principal), stakingRewards: plus(seen.stakingRewards, r.stakingRewards), pledgesEnding: seen.pledgesEnding + r.pledgesEnding }
        : r,
    )
  }
  for (const r of [...byKeyDate.values()].sort((a, b) => a.date.localeCompare(b.date))) {
    const list = datesBy.get(keyOf(r)) ?? []
    if (list.length === 0) datesBy.set(keyOf(r), list)
    list.push({ date: r.date, earnings: trim(r.earnings), principal: trim(r.principal), stakingRewards: trim(r.stakingRewards), pledgesEnding: r.pledgesEnding })
  }
  const keys = new Map<string, Key>([...balances, ...owedBy.values()].map((k) => [keyOf(k), { book: k.book, currency: k.currency }]))
  return [...keys.values()].map((k) => {
    const balance = balances.find((b) => keyOf(b) === keyOf(k))
    const o = owedBy.get(keyOf(k))
    const [free, earmarked, owedNow] = [balance?.free ?? '0', balance?.earmarked ?? '0', trim(o?.owed ?? '0')]
    return {
      ...k,
      free,
      earmarked,
      owed: owedNow,
      coverage: coverageOf(free, earmarked, owedNow),
      principal: trim(o?.principal ?? '0'),
      byDate: datesBy.get(keyOf(k)) ?? [],
    }
  })
}

export async function fundReserve(app: FastifyInstance, operator: OperatorActor, body: OpsFundReserve): Promise<ReserveLine[]> {
  await app.db.transaction(async (tx) => {
    const posted = await postJournal(tx, fundJournal(body.book, body.currency, body.amount, body.key))
    if (!posted.replayed) {
      await audit(tx as unknown as Db, operator, {
        action: 'earn.fundReserve',
        subject: `earn-reserve:${body.book}:${body.currency}`,
        after: { book: body.book, currency: body.currency, amount: dec(body.amount).toFixed(), key: body.key, journal: posted.journalId },
      })
    }
  })
  return reserveLines(app)
}
