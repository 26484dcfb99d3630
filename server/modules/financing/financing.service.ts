// Financing, the user's side (docs/earn.md, "Financing"): the products on offer with their numbers, the caller's
// orders, buying (POST /createFinancingOrder) and redeeming early (POST /earlyRedeemFinancingOrder). A purchase moves
// the principal from available to the user's financing account and earmarks the term's interest out of the book's
// free earn reserve (server/modules/earn/reserve.ts), in one journal, under the book's lock and the reserve's lock: a
// reserve that cannot cover it answers 409 "sold out" and nothing moves. Maturity is maturity.ts.
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { CreateFinancingOrder, EarlyRedeemFinancingOrder, FinancingOrder, FinancingProduct, FinancingProducts } from '#contract/financing.ts'
import { atMaturity, earlyRedemption, termInterest, type FinancingTerms } from '#contract/financing-math.ts'
import { dec } from '#contract/trading-math.ts'
import { AppError } from '../../app-error.ts'
import { retrying } from '../../ledger/db-errors.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import { postJournal } from '../../ledger/post.ts'
import { trim } from '../../ledger/reconcile.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { dayStart, earnNow, utcDay, DAY_MS } from '../earn/clock.ts'
import { holdingsPage, namesById, onOffer, purchase, purchaseAmount } from '../earn/holdings.ts'
import { houseLeg, userLeg } from '../earn/reserve.ts'
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
  const { rows, free } = await onOffer(app.db, user.accountType, financingProducts)
  return { book: user.accountType, products: rows.map((row) => toProduct(row, isSoldOut(row, free.get(row.currency)!))) }
}

export async function myOrders(app: FastifyInstance, user: AuthUser, page: number, size: number) {
  const { rows, total, nameOf } = await holdingsPage(app.db, user, financingOrders, { catalog: financingProducts, of: (r) => r.productId }, page, size)
  const now = earnNow(app)
  return { list: rows.map((r) => toOrder(r, nameOf(r), now)), total, page, size }
}

export async function createOrder(app: FastifyInstance, user: AuthUser, body: CreateFinancingOrder, key: string): Promise<FinancingOrder> {
  const [product] = await app.db.select().from(financingProducts).where(eq(financingProducts.id, BigInt(body.productId)))
  if (!product) throw new AppError(404, 'financingProductNotFound')
  const principal = purchaseAmount(body.amount, product, { empty: 'financingEnterAmount', outOfRange: 'financingOutOfRange' })
  if (product.status !== 'active') throw new AppError(409, 'financingNotOnSale')
  const interest = termInterest(principal, termsOf(product)).toFixed()
  const row = await purchase(app, user, key, {
    currency: product.currency,
    principal,
    earmark: interest,
    holds: 'financing',
    reason: 'financing.purchase',
    soldOut: 'financingSoldOut',
    insert: async (tx, now) => {
      const [inserted] = await tx
        .insert(financingOrders)
        .values({
          userId: user.id,
          productId: product.id,
          book: user.accountType,
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
      return inserted
    },
    made: async (tx) => (await tx.select().from(financingOrders).where(eq(financingOrders.requestKey, key)))[0]!,
    idOf: (r) => r.id,
  })
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
  const names = await namesById(app.db, financingProducts, [row.productId])
  return toOrder(row, names.get(String(row.productId)) ?? {}, earnNow(app))
}
