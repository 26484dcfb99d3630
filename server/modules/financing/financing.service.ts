// Financing, the user's side (docs/earn.md, "Financing"): the products on offer with their numbers, the caller's
// orders, buying (POST /createFinancingOrder) and redeeming early (POST /earlyRedeemFinancingOrder). A purchase moves
// the principal from available to the user's financing account and earmarks the term's interest out of the book's
// free earn reserve (server/modules/earn/reserve.ts), in one journal, under the book's lock and the reserve's lock: a
// reserve that cannot cover it answers 409 "sold out" and nothing moves. Maturity is maturity.ts.
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { CreateFinancingOrder, EarlyRedeemFinancingOrder, FinancingOrder, FinancingProduct, FinancingProducts } from '#contract/financing.ts'
import { atMaturity, earlyRedemption, termInterest, type FinancingTerms } from '#contract/financing-math.ts'
import { amountIssue } from '#contract/earn-math.ts'
import { dec } from '#contract/trading-math.ts'
import { AppError } from '../../app-error.ts'
import { retrying } from '../../ledger/db-errors.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import { postJournal, type Leg } from '../../ledger/post.ts'
import { trim } from '../../ledger/reconcile.ts'
import type { Book, DbOrTx } from '../../ledger/types.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { lockBook } from '../orders/orders.repository.ts'
import { dayStart, earnNow, utcDay, DAY_MS } from '../earn/clock.ts'
import { spendableNow } from '../earn/earn.service.ts'
import { earmarkLegs, freeReserve, reserveLock } from '../earn/reserve.ts'
import { financingOrders, financingProducts, type FinancingOrderRow, type FinancingProductRow } from './financing.table.ts'

type TermsRow = Pick<FinancingProductRow, 'days' | 'annualRate' | 'earlyShare' | 'earlyForfeit' | 'currency'>
export const termsOf = (row: TermsRow): FinancingTerms => ({
  days: row.days,
  annualRate: row.annualRate,
  earlyShare: row.earlyShare,
  earlyForfeit: row.earlyForfeit,
  currency: row.currency,
})

export function toProduct(row: FinancingProductRow, soldOut: boolean): FinancingProduct {
  return {
    id: String(row.id),
    names: row.names,
    currency: row.currency,
    days: row.days,
    minAmount: trim(row.minAmount),
    maxAmount: trim(row.maxAmount),
    annualRate: trim(row.annualRate),
    earlyShare: trim(row.earlyShare),
    earlyForfeit: row.earlyForfeit,
    status: row.status,
    soldOut,
  }
}

/** Sold out for a book: its free reserve cannot cover the interest of even the smallest purchase. */
export const isSoldOut = (row: FinancingProductRow, free: string) => dec(free).lt(termInterest(row.minAmount, termsOf(row)))

/** Whole UTC days an order has run by `now` (0 on its purchase day). */
export const daysRunOf = (startDay: string, now: number) => Math.max(0, Math.floor((dayStart(utcDay(now)) - dayStart(startDay)) / DAY_MS))

export function toOrder(row: FinancingOrderRow, names: Record<string, string>, now: number): FinancingOrder {
  const terms = termsOf(row)
  const daysRun = Math.min(daysRunOf(row.startDay, now), row.days)
  const early = earlyRedemption(row.principal, terms, daysRun)
  return {
    id: String(row.id),
    productId: String(row.productId),
    names,
    book: row.book,
    currency: row.currency,
    amount: trim(row.principal),
    annualRate: trim(row.annualRate),
    days: row.days,
    earlyShare: trim(row.earlyShare),
    earlyForfeit: row.earlyForfeit,
    interest: trim(row.interest),
    totalAtMaturity: atMaturity(row.principal, terms).toFixed(),
    start: row.createdAt,
    maturesAt: dayStart(row.startDay, row.days),
    daysRun,
    earlyDamages: early.damages.toFixed(),
    earlyInterest: early.interest.toFixed(),
    earlyReturn: early.back.toFixed(),
    status: row.status,
    returned: row.returned === null ? null : trim(row.returned),
    endedAt: row.endedAt,
  }
}

export async function listProducts(app: FastifyInstance, user: AuthUser): Promise<FinancingProducts> {
  const rows = await app.db.select().from(financingProducts).where(ne(financingProducts.status, 'closed')).orderBy(financingProducts.id)
  const free = new Map<string, string>()
  for (const currency of new Set(rows.map((r) => r.currency))) free.set(currency, await freeReserve(app.db, user.accountType, currency))
  return { book: user.accountType, products: rows.map((row) => toProduct(row, isSoldOut(row, free.get(row.currency)!))) }
}

async function namesOf(handle: DbOrTx, ids: bigint[]): Promise<Map<string, Record<string, string>>> {
  if (ids.length === 0) return new Map()
  const rows = await handle.select({ id: financingProducts.id, names: financingProducts.names }).from(financingProducts).where(inArray(financingProducts.id, ids))
  return new Map(rows.map((r) => [String(r.id), r.names]))
}

export async function myOrders(app: FastifyInstance, user: AuthUser, page: number, size: number) {
  const where = and(eq(financingOrders.userId, user.id), eq(financingOrders.book, user.accountType))
  const [rows, [total]] = await Promise.all([
    app.db.select().from(financingOrders).where(where).orderBy(desc(financingOrders.id)).limit(size).offset((page - 1) * size),
    app.db.select({ n: count() }).from(financingOrders).where(where),
  ])
  const names = await namesOf(app.db, [...new Set(rows.map((r) => r.productId))])
  const now = earnNow(app)
  return { list: rows.map((r) => toOrder(r, names.get(String(r.productId)) ?? {}, now)), total: total?.n ?? 0, page, size }
}

const userLeg = (userId: string, book: Book, kind: 'available' | 'financing', currency: string, amount: string): Leg => ({
  account: { ownerId: userId, book, kind },
  currency,
  amount,
})
const houseLeg = (book: Book, kind: 'earn_reserve' | 'earn_earmarked', currency: string, amount: string): Leg => ({
  account: { ownerId: null, book, kind, shard: 0 },
  currency,
  amount,
})

export async function createOrder(app: FastifyInstance, user: AuthUser, body: CreateFinancingOrder, key: string): Promise<FinancingOrder> {
  const [product] = await app.db.select().from(financingProducts).where(eq(financingProducts.id, BigInt(body.productId)))
  if (!product) throw new AppError(404, 'financingProductNotFound')
  const amount = (body.amount ?? '').trim()
  const issue = amountIssue(amount, { minAmount: trim(product.minAmount), maxAmount: trim(product.maxAmount), currency: product.currency })
  if (issue?.code === 'empty') throw new AppError(400, 'financingEnterAmount')
  if (issue?.code === 'tooPrecise') throw new AppError(400, 'amountTooPrecise', { amount, currency: product.currency, scale: issue.scale })
  if (issue?.code === 'outOfRange') throw new AppError(400, 'financingOutOfRange', { min: issue.min, max: issue.max, currency: product.currency })
  if (product.status !== 'active') throw new AppError(409, 'financingNotOnSale')
  const book = user.accountType
  const terms = termsOf(product)
  const principal = dec(amount).toFixed()
  const interest = termInterest(principal, terms).toFixed()
  const { row, posted } = await retrying(() =>
    app.db.transaction(async (tx) => {
      await lockBook(tx, user.id, book)
      if (dec(await spendableNow(app, tx, user.id, book, product.currency)).lt(principal)) throw new AppError(409, 'insufficientFunds')
      await reserveLock(tx, book, product.currency)
      if (dec(await freeReserve(tx, book, product.currency)).lt(interest)) throw new AppError(409, 'financingSoldOut')
      const now = earnNow(app)
      const [inserted] = await tx
        .insert(financingOrders)
        .values({
          userId: user.id,
          productId: product.id,
          book,
          currency: product.currency,
          principal,
          annualRate: product.annualRate,
          days: product.days,
          earlyShare: product.earlyShare,
          earlyForfeit: product.earlyForfeit,
          interest,
          startDay: utcDay(now),
          requestKey: key,
          createdAt: now,
        })
        .onConflictDoNothing({ target: financingOrders.requestKey })
        .returning()
      // The key was used before only if a first attempt committed but its answer was lost: answer that row again.
      if (!inserted) return { row: (await tx.select().from(financingOrders).where(eq(financingOrders.requestKey, key)))[0]!, posted: null }
      const legs = [
        userLeg(user.id, book, 'available', product.currency, dec(principal).neg().toFixed()),
        userLeg(user.id, book, 'financing', product.currency, principal),
        ...(dec(interest).isZero() ? [] : earmarkLegs(book, product.currency, interest)),
      ]
      const posted = await postJournal(tx, { kind: 'yield', reason: 'financing.purchase', reference: String(inserted.id), idempotencyKey: key, userId: user.id, legs })
      return { row: inserted, posted }
    }),
  )
  if (posted) await pushBalanceUpdates(app, posted)
  return toOrder(row, product.names, earnNow(app))
}

/** Redeems a running order before maturity: the principal less the damages plus (unless forfeited) the interest of
 * the days run to available; the damages and the unpaid interest to the free reserve; in one journal. */
export async function earlyRedeem(app: FastifyInstance, user: AuthUser, body: EarlyRedeemFinancingOrder, key: string): Promise<FinancingOrder> {
  const { row, posted } = await retrying(() =>
    app.db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(financingOrders)
        .where(and(eq(financingOrders.id, BigInt(body.id)), eq(financingOrders.userId, user.id)))
        .for('update')
      if (!order) throw new AppError(404, 'financingOrderNotFound')
      const now = earnNow(app)
      // On or after the maturity day the order is the maturity job's to pay, in full.
      if (order.status !== 'running' || daysRunOf(order.startDay, now) >= order.days) throw new AppError(409, 'financingOrderEnded')
      const early = earlyRedemption(order.principal, termsOf(order), daysRunOf(order.startDay, now))
      if (body.expected !== undefined && !dec(body.expected).eq(early.back)) {
        throw new AppError(409, 'financingAmountChanged', { amount: early.back.toFixed(), currency: order.currency })
      }
      const unpaid = dec(order.interest).minus(early.interest)
      const [updated] = await tx
        .update(financingOrders)
        .set({ status: 'redeemed', returned: early.back.toFixed(), endedAt: now })
        .where(eq(financingOrders.id, order.id))
        .returning()
      const legs = [
        userLeg(user.id, order.book, 'financing', order.currency, dec(order.principal).neg().toFixed()),
        userLeg(user.id, order.book, 'available', order.currency, early.back.toFixed()),
        houseLeg(order.book, 'earn_reserve', order.currency, early.damages.plus(unpaid).toFixed()),
        houseLeg(order.book, 'earn_earmarked', order.currency, dec(order.interest).neg().toFixed()),
      ].filter((leg) => !dec(leg.amount).isZero())
      const posted = await postJournal(tx, { kind: 'yield', reason: 'financing.early', reference: String(order.id), idempotencyKey: key, userId: user.id, legs })
      return { row: updated!, posted }
    }),
  )
  await pushBalanceUpdates(app, posted)
  const names = await namesOf(app.db, [row.productId])
  return toOrder(row, names.get(String(row.productId)) ?? {}, earnNow(app))
}
