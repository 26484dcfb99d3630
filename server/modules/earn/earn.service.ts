// Smart plans, the user's side (docs/earn.md): the plans on offer with their numbers, the caller's purchases, buying
// (POST /keepProd) and leaving early (POST /cancelKeepProd). A purchase moves the principal from available to the
// user's earn account and earmarks every day's earnings out of the book's free reserve, in one journal, under the
// book's lock and the reserve's lock: a reserve that cannot cover it answers 409 "sold out" and nothing moves.
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { KeepProd, SmartOrder, SmartPlan, SmartPlans } from '#contract/earn.ts'
import { dailyEarnings, exitDamages, exitReturn, maxPayout, totalAtExpiry } from '#contract/earn-math.ts'
import { dec } from '#contract/trading-math.ts'
import { AppError } from '../../app-error.ts'
import { retrying } from '../../ledger/db-errors.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import { postJournal } from '../../ledger/post.ts'
import { trim } from '../../ledger/reconcile.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { dayStart, earnNow, utcDay } from './clock.ts'
import { earnOrders, earnPlans, type EarnOrderRow, type EarnPlanRow } from './earn.table.ts'
import { holdingsPage, namesById, onOffer, purchase, purchaseAmount } from './holdings.ts'
import { houseLeg, userLeg } from './reserve.ts'

export const termsOf = (plan: Pick<EarnPlanRow, 'days' | 'dailyRate' | 'exitShare' | 'currency'>) => ({
  days: plan.days,
  dailyRate: plan.dailyRate,
  exitShare: plan.exitShare,
  currency: plan.currency,
})

export function toPlan(row: EarnPlanRow, soldOut: boolean): SmartPlan {
  return {
    id: String(row.id),
    names: row.names,
    currency: row.currency,
    days: row.days,
    minAmount: trim(row.minAmount),
    maxAmount: trim(row.maxAmount),
    dailyRate: trim(row.dailyRate),
    cycle: 'daily',
    exitShare: trim(row.exitShare),
    status: row.status,
    soldOut,
  }
}

/** Sold out for a book: its free reserve cannot cover the earnings of even the smallest purchase. */
export const isSoldOut = (plan: EarnPlanRow, free: string) => dec(free).lt(maxPayout(plan.minAmount, termsOf(plan)))

export function toOrder(row: EarnOrderRow, names: Record<string, string>, now: number): SmartOrder {
  const terms = termsOf(row)
  const creditedToday = row.daysPaid > 0 && dayStart(row.startDay, row.daysPaid) === dayStart(utcDay(now))
  return {
    id: String(row.id),
    planId: String(row.planId),
    names,
    book: row.book,
    currency: row.currency,
    amount: trim(row.principal),
    dailyRate: trim(row.dailyRate),
    daily: trim(row.daily),
    days: row.days,
    exitShare: trim(row.exitShare),
    exitDamages: exitDamages(row.principal, terms).toFixed(),
    exitReturn: exitReturn(row.principal, terms).toFixed(),
    totalAtExpiry: totalAtExpiry(row.principal, terms).toFixed(),
    start: row.createdAt,
    expiresAt: dayStart(row.startDay, row.days),
    runDays: row.daysPaid,
    todayEarnings: creditedToday ? trim(row.daily) : '0',
    totalRevenue: trim(row.paid),
    status: row.status,
    returned: row.returned === null ? null : trim(row.returned),
    endedAt: row.endedAt,
  }
}

export async function listPlans(app: FastifyInstance, user: AuthUser): Promise<SmartPlans> {
  const { rows, free } = await onOffer(app.db, user.accountType, earnPlans)
  return { book: user.accountType, plans: rows.map((row) => toPlan(row, isSoldOut(row, free.get(row.currency)!))) }
}

export async function myOrders(app: FastifyInstance, user: AuthUser, page: number, size: number) {
  const { rows, total, nameOf } = await holdingsPage(app.db, user, earnOrders, { catalog: earnPlans, of: (r) => r.planId }, page, size)
  const now = earnNow(app)
  return { list: rows.map((r) => toOrder(r, nameOf(r), now)), total, page, size }
}

export async function keepProd(app: FastifyInstance, user: AuthUser, body: KeepProd, key: string): Promise<SmartOrder> {
  const [plan] = await app.db.select().from(earnPlans).where(eq(earnPlans.id, BigInt(body.planId)))
  if (!plan) throw new AppError(404, 'earnPlanNotFound')
  const principal = purchaseAmount(body.amount, plan, { empty: 'earnEnterAmount', outOfRange: 'earnOutOfRange' })
  if (plan.status !== 'active') throw new AppError(409, 'earnPlanNotOnSale')
  const terms = termsOf(plan)
  const earmark = maxPayout(principal, terms).toFixed()
  const row = await purchase(app, user, key, {
    currency: plan.currency,
    principal,
    earmark,
    holds: 'earn',
    reason: 'earn.purchase',
    soldOut: 'earnSoldOut',
    insert: async (tx, now) => {
      const [inserted] = await tx
        .insert(earnOrders)
        .values({
          userId: user.id,
          planId: plan.id,
          book: user.accountType,
          currency: plan.currency,
          principal,
          dailyRate: plan.dailyRate,
          daily: dailyEarnings(principal, terms).toFixed(),
          days: plan.days,
          exitShare: plan.exitShare,
          earmark,
          startDay: utcDay(now),
          requestKey: key,
          createdAt: now,
        })
        .onConflictDoNothing({ target: earnOrders.requestKey })
        .returning()
      return inserted
    },
    made: async (tx) => (await tx.select().from(earnOrders).where(eq(earnOrders.requestKey, key)))[0]!,
    idOf: (r) => r.id,
  })
  return toOrder(row, plan.names, earnNow(app))
}

/** Leaves a running plan: the principal less the disclosed damages back to available, the damages and the unused
 * earmark to the free reserve, in one journal; no more earnings. */
export async function cancelKeepProd(app: FastifyInstance, user: AuthUser, id: string, key: string): Promise<SmartOrder> {
  const { row, posted } = await retrying(() =>
    app.db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(earnOrders)
        .where(and(eq(earnOrders.id, BigInt(id)), eq(earnOrders.userId, user.id)))
        .for('update')
      if (!order) throw new AppError(404, 'earnOrderNotFound')
      if (order.status !== 'running') throw new AppError(409, 'earnOrderEnded')
      const terms = termsOf(order)
      const back = exitReturn(order.principal, terms).toFixed()
      const damages = exitDamages(order.principal, terms)
      const released = dec(order.earmark).minus(order.paid)
      const [updated] = await tx
        .update(earnOrders)
        .set({ status: 'early_exit', returned: back, endedAt: earnNow(app) })
        .where(eq(earnOrders.id, order.id))
        .returning()
      const legs = [
        userLeg(user.id, order.book, 'earn', order.currency, dec(order.principal).neg().toFixed()),
        userLeg(user.id, order.book, 'available', order.currency, back),
        houseLeg(order.book, 'earn_reserve', order.currency, damages.plus(released).toFixed()),
        houseLeg(order.book, 'earn_earmarked', order.currency, released.neg().toFixed()),
      ]
      const posted = await postJournal(tx, { kind: 'yield', reason: 'earn.early_exit', reference: String(order.id), idempotencyKey: key, userId: user.id, legs })
      return { row: updated!, posted }
    }),
  )
  await pushBalanceUpdates(app, posted)
  const names = await namesById(app.db, earnPlans, [row.planId])
  return toOrder(row, names.get(String(row.planId)) ?? {}, earnNow(app))
}
