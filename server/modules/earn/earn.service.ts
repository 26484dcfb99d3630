// Smart plans, the user's side (docs/earn.md): the plans on offer with their numbers, the caller's purchases, buying
// (POST /keepProd) and leaving early (POST /cancelKeepProd). A purchase moves the principal from available to the
// user's earn account and earmarks every day's earnings out of the book's free reserve, in one journal, under the
// book's lock and the reserve's lock: a reserve that cannot cover it answers 409 "sold out" and nothing moves.
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { KeepProd, SmartOrder, SmartPlan, SmartPlans } from '#contract/earn.ts'
import { amountIssue, dailyEarnings, exitDamages, exitReturn, maxPayout, totalAtExpiry } from '#contract/earn-math.ts'
import { spendable } from '#contract/trading-account.ts'
import { dec } from '#contract/trading-math.ts'
import { AppError } from '../../app-error.ts'
import { retrying } from '../../ledger/db-errors.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import { postJournal, type Leg } from '../../ledger/post.ts'
import { trim } from '../../ledger/reconcile.ts'
import type { Book, DbOrTx, Tx } from '../../ledger/types.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { bookState, figuresOf } from '../orders/orders.money.ts'
import { lockBook } from '../orders/orders.repository.ts'
import { pricingOf } from '../orders/orders.service.ts'
import { dayStart, earnNow, utcDay } from './clock.ts'
import { earnOrders, earnPlans, type EarnOrderRow, type EarnPlanRow } from './earn.table.ts'
import { earmarkLegs, freeReserve, reserveLock } from './reserve.ts'

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
  const rows = await app.db.select().from(earnPlans).where(ne(earnPlans.status, 'closed')).orderBy(earnPlans.id)
  const free = new Map<string, string>()
  for (const currency of new Set(rows.map((r) => r.currency))) free.set(currency, await freeReserve(app.db, user.accountType, currency))
  return { book: user.accountType, plans: rows.map((row) => toPlan(row, isSoldOut(row, free.get(row.currency)!))) }
}

async function namesOf(handle: DbOrTx, planIds: bigint[]): Promise<Map<string, Record<string, string>>> {
  if (planIds.length === 0) return new Map()
  const rows = await handle.select({ id: earnPlans.id, names: earnPlans.names }).from(earnPlans).where(inArray(earnPlans.id, planIds))
  return new Map(rows.map((r) => [String(r.id), r.names]))
}

export async function myOrders(app: FastifyInstance, user: AuthUser, page: number, size: number) {
  const where = and(eq(earnOrders.userId, user.id), eq(earnOrders.book, user.accountType))
  const [rows, [total]] = await Promise.all([
    app.db.select().from(earnOrders).where(where).orderBy(desc(earnOrders.id)).limit(size).offset((page - 1) * size),
    app.db.select({ n: count() }).from(earnOrders).where(where),
  ])
  const names = await namesOf(app.db, [...new Set(rows.map((r) => r.planId))])
  const now = earnNow(app)
  return { list: rows.map((r) => toOrder(r, names.get(String(r.planId)) ?? {}, now)), total: total?.n ?? 0, page, size }
}

const userLeg = (userId: string, book: Book, kind: 'available' | 'earn', currency: string, amount: string): Leg => ({
  account: { ownerId: userId, book, kind },
  currency,
  amount,
})

/** What the book may spend now in `currency`: available, less any open loss of positions margined in it. */
export async function spendableNow(app: FastifyInstance, tx: Tx, userId: string, book: Book, currency: string) {
  const state = await bookState(tx, userId, book, currency, pricingOf(app))
  if (!state.positions.some((p) => p.marginCurrency === currency)) return state.available
  return spendable(figuresOf({ ...state, floatingInFree: 'loss_only' }))
}

export async function keepProd(app: FastifyInstance, user: AuthUser, body: KeepProd, key: string): Promise<SmartOrder> {
  const [plan] = await app.db.select().from(earnPlans).where(eq(earnPlans.id, BigInt(body.planId)))
  if (!plan) throw new AppError(404, 'earnPlanNotFound')
  const amount = (body.amount ?? '').trim()
  const issue = amountIssue(amount, { minAmount: trim(plan.minAmount), maxAmount: trim(plan.maxAmount), currency: plan.currency })
  if (issue?.code === 'empty') throw new AppError(400, 'earnEnterAmount')
  if (issue?.code === 'tooPrecise') throw new AppError(400, 'amountTooPrecise', { amount, currency: plan.currency, scale: issue.scale })
  if (issue?.code === 'outOfRange') throw new AppError(400, 'earnOutOfRange', { min: issue.min, max: issue.max, currency: plan.currency })
  if (plan.status !== 'active') throw new AppError(409, 'earnPlanNotOnSale')
  const book = user.accountType
  const terms = termsOf(plan)
  const principal = dec(amount).toFixed()
  const earmark = maxPayout(principal, terms).toFixed()
  const { row, posted } = await retrying(() =>
    app.db.transaction(async (tx) => {
      await lockBook(tx, user.id, book)
      if (dec(await spendableNow(app, tx, user.id, book, plan.currency)).lt(principal)) throw new AppError(409, 'insufficientFunds')
      await reserveLock(tx, book, plan.currency)
      if (dec(await freeReserve(tx, book, plan.currency)).lt(earmark)) throw new AppError(409, 'earnSoldOut')
      const now = earnNow(app)
      const [inserted] = await tx
        .insert(earnOrders)
        .values({
          userId: user.id,
          planId: plan.id,
          book,
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
      // The key was used before only if a first attempt committed but its answer was lost: answer that row again.
      if (!inserted) return { row: (await tx.select().from(earnOrders).where(eq(earnOrders.requestKey, key)))[0]!, posted: null }
      const legs = [
        userLeg(user.id, book, 'available', plan.currency, dec(principal).neg().toFixed()),
        userLeg(user.id, book, 'earn', plan.currency, principal),
        ...earmarkLegs(book, plan.currency, earmark),
      ]
      const posted = await postJournal(tx, { kind: 'yield', reason: 'earn.purchase', reference: String(inserted.id), idempotencyKey: key, userId: user.id, legs })
      return { row: inserted, posted }
    }),
  )
  if (posted) await pushBalanceUpdates(app, posted)
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
      const house = (kind: 'earn_reserve' | 'earn_earmarked', amount: string): Leg => ({ account: { ownerId: null, book: order.book, kind, shard: 0 }, currency: order.currency, amount })
      const legs = [
        userLeg(user.id, order.book, 'earn', order.currency, dec(order.principal).neg().toFixed()),
        userLeg(user.id, order.book, 'available', order.currency, back),
        house('earn_reserve', damages.plus(released).toFixed()),
        house('earn_earmarked', released.neg().toFixed()),
      ]
      const posted = await postJournal(tx, { kind: 'yield', reason: 'earn.early_exit', reference: String(order.id), idempotencyKey: key, userId: user.id, legs })
      return { row: updated!, posted }
    }),
  )
  await pushBalanceUpdates(app, posted)
  const names = await namesOf(app.db, [row.planId])
  return toOrder(row, names.get(String(row.planId)) ?? {}, earnNow(app))
}
