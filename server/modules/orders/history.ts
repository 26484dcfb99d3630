// The history of closed positions: one page, latest close first, with the totals of everything the filter finds.
// Reads the orders table only (the orders module owns it); rows leave as the contract's Order, like the other lists.
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { HistoryQuery, PositionHistory } from '#contract/history.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { dec } from '#contract/trading-math.ts'
import { plain, toOrder } from './orders.view.ts'
import { pricingOf } from './orders.service.ts'
import { orders } from './orders.table.ts'

function closedOf(user: AuthUser): SQL[] {
  return [eq(orders.userId, user.id), eq(orders.book, user.accountType), eq(orders.kind, 'contract'), eq(orders.status, 'closed')]
}

function filtered(user: AuthUser, q: HistoryQuery): SQL {
  const conditions = closedOf(user)
  if (q.symbol) conditions.push(eq(orders.symbol, q.symbol))
  if (q.side) conditions.push(eq(orders.side, q.side))
  if (q.closeReason) conditions.push(eq(orders.closeReason, q.closeReason))
  if (q.from !== undefined) conditions.push(gte(orders.closeTime, q.from))
  if (q.to !== undefined) conditions.push(lte(orders.closeTime, q.to))
  return and(...conditions)!
}

export async function positionHistory(app: FastifyInstance, user: AuthUser, q: HistoryQuery): Promise<PositionHistory> {
  const where = filtered(user, q)
  const [rows, totals, symbols] = await Promise.all([
    app.db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.closeTime), desc(orders.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    app.db
      .select({
        currency: orders.marginCurrency,
        count: sql<number>`count(*)::int`,
        wins: sql<number>`(count(*) FILTER (WHERE ${orders.profit} > 0))::int`,
        losses: sql<number>`(count(*) FILTER (WHERE ${orders.profit} < 0))::int`,
        profit: sql<string>`sum(${orders.profit})::text`,
        fee: sql<string>`sum(${orders.fee})::text`,
      })
      .from(orders)
      .where(where)
      .groupBy(orders.marginCurrency)
      .orderBy(asc(orders.marginCurrency)),
    app.db.selectDistinct({ symbol: orders.symbol }).from(orders).where(and(...closedOf(user))).orderBy(asc(orders.symbol)),
  ])
  const pricing = pricingOf(app)
  const total = totals.reduce((n, t) => n + Number(t.count), 0)
  return {
    list: rows.map((row) => toOrder(row, pricing.quote(row.symbol), pricing.rates)),
    total,
    page: q.page,
    size: q.size,
    totals: totals.map((t) => {
      const profit = plain(t.profit)!
      const fee = plain(t.fee)!
      return { currency: t.currency, count: Number(t.count), wins: Number(t.wins), losses: Number(t.losses), profit, fee, net: dec(profit).minus(fee).toFixed() }
    }),
    symbols: symbols.map((s) => s.symbol),
  }
}
