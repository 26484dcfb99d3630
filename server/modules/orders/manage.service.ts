// Managing what a trader holds (docs/trading.md "Managing positions and orders"): a position's or a pending order's
// TP and SL, a partial close, closing every position of a symbol or of the book. Each runs in one transaction under
// the book lock (lockOwnOrders / lockBook), re-reads its rows under it, and changes nothing when it refuses; the
// route's Idempotency-Key answers a replay with the first result. Money moves only through orders.money-*.ts
// (settleCloses), so loss protection and the sub-ledger are the same as for every other close.
import type { FastifyInstance } from 'fastify'
import type { AuthUser } from '../../plugins/auth.ts'
import type { Order } from '#contract/orders.ts'
import type { CloseAll, ClosedAll, EditLimit, ModifyStops, PartialClose, PartlyClosed } from '#contract/orders-manage.ts'
import { isPartialLots, splitMargin } from '#contract/position-split.ts'
import { closePrice, dec, profit, requiredMargin } from '#contract/trading-math.ts'
import { AppError } from '../../app-error.ts'
import { retrying } from '../../ledger/db-errors.ts'
import type { Tx } from '../../ledger/types.ts'
import {
  checkPendingSide,
  checkPriceGrid,
  checkStops,
  checkTerms,
  instrumentOf,
  requireOpenMarket,
  requireQuote,
  requireRealQuote,
  withRates,
} from './orders.checks.ts'
import { bookState, holdingOf } from './orders.money.ts'
import { settleCloses, type CloseInput } from './orders.money-close.ts'
import { settleCancel } from './orders.money-limit.ts'
import { openOrders } from './orders.money-open.ts'
import { insertOrder, liveOrdersOfBookLocked, lockBook, lockOwnOrders, updateOrder } from './orders.repository.ts'
import { announce, pricingOf } from './orders.service.ts'
import type { OrderRow } from './orders.table.ts'
import { toOrder } from './orders.view.ts'

const view = (app: FastifyInstance, row: OrderRow) => {
  const pricing = pricingOf(app)
  return toOrder(row, pricing.quote(row.symbol), pricing.rates)
}

/** The caller's order, its book and row locked for this transaction; 404 for a number that is not theirs. */
async function lockedOwn(tx: Tx, user: AuthUser, orderNo: string): Promise<OrderRow> {
  const no = BigInt(orderNo)
  const row = (await lockOwnOrders(tx, [{ userId: user.id, orderNo: no }])).get(no)
  if (!row || row.book !== user.accountType) throw new AppError(404, 'orderNotFound')
  return row
}

/** The engine of every process hears that the book changed (hub.onBookChanged) and re-reads its positions' triggers;
 * the app refreshes the account. A TP/SL change posts no journal, so nothing else would tell another process. */
const bookChanged = (app: FastifyInstance, row: OrderRow) =>
  app.hub.publishToUser(row.userId, { messageType: 'balance_update', data: { book: row.book } }).catch((error: unknown) => {
    app.log.warn({ err: error, userId: row.userId }, 'balance_update push failed')
  })

/** Sets (or removes) the TP and SL of an open position or a pending order, checked as on opening: on the price grid
 * and on the right side of the price it would close at now (a position) or of its limit price (a pending order). */
export async function modifyOrderStops(app: FastifyInstance, user: AuthUser, body: ModifyStops): Promise<Order> {
  const row = await retrying(() =>
    app.db.transaction(async (tx) => {
      const order = await lockedOwn(tx, user, body.orderNo)
      if (order.kind === 'contract' && order.status !== 'open') throw new AppError(409, 'positionNotOpen')
      if (order.kind === 'limit' && order.status !== 'pending') throw new AppError(409, 'limitNotPending')
      const inst = instrumentOf(order.symbol)
      checkPriceGrid(inst, [body.takeProfit, body.stopLoss])
      const reference = order.kind === 'limit' ? order.limitPrice! : closePrice(order.side, requireQuote(app, inst.symbol)).toFixed()
      checkStops(order.side, reference, body.takeProfit, body.stopLoss)
      return updateOrder(tx, order.id, { takeProfit: body.takeProfit ?? null, stopLoss: body.stopLoss ?? null })
    }),
  )
  await announce(app, [row], null)
  await bookChanged(app, row)
  return view(app, row)
}

/**
 * A pending order's new price and lots. The money fields of a placed order are frozen (0025_frozen_money_fields.sql),
 * so the order is cancelled (cancel:<no> releases its reservation) and a new one placed with the same side and
 * leverage (the route's key reserves the new margin), in one transaction: when the book cannot pay the new
 * reservation with the old one released, the refusal undoes the cancel too, and the order waits as it was.
 */
export async function editLimitOrder(app: FastifyInstance, user: AuthUser, body: EditLimit, key: string): Promise<Order> {
  const done = await retrying(() =>
    app.db.transaction(async (tx) => {
      const order = await lockedOwn(tx, user, body.orderNo)
      if (order.kind !== 'limit') throw new AppError(404, 'orderNotFound')
      if (order.status !== 'pending') throw new AppError(409, 'limitNotPending')
      const inst = instrumentOf(order.symbol)
      checkTerms(inst, body.lots, order.leverage)
      requireOpenMarket(app, inst)
      const quote = requireQuote(app, inst.symbol)
      if (order.book === 'live') requireRealQuote(app, 'live', quote)
      checkPriceGrid(inst, [body.price, body.takeProfit, body.stopLoss])
      // A limit stays a limit and a stop a stop, and the new price must be on its type's side of the market, as when
      // it was placed (docs/trading.md, "Pending orders").
      const pendingType = order.pendingType ?? 'limit'
      checkPendingSide(pendingType, order.side, body.price, quote)
      checkStops(order.side, body.price, body.takeProfit, body.stopLoss)
      const pricing = pricingOf(app)
      const margin = withRates(inst.symbol, () => requiredMargin(inst, body.lots, order.leverage, body.price, pricing.rates))
      const cancelled = await settleCancel(tx, order, app.now())
      const { side, leverage, userId, book } = order
      const { lots, takeProfit, stopLoss } = body
      const input = { kind: 'limit', userId, book, inst, side, lots, leverage, takeProfit, stopLoss, margin, limitPrice: body.price, pendingType, now: app.now(), key } as const
      const [placed] = await openOrders(tx, [input], pricing)
      if (placed instanceof AppError) throw placed
      return { cancelled, placed: placed! }
    }),
  )
  await announce(app, [done.cancelled.row], done.cancelled.posted)
  await announce(app, [done.placed.row], done.placed.posted)
  return view(app, done.placed.row)
}

/**
 * Closes `lots` of an open position at the price it would close at now. The closed part becomes its own row, opened
 * from the position at its open price with its share of the margin (splitMargin) and closed at once through
 * settleCloses (its P/L settled, its margin released, loss protection as for any close); the position keeps the
 * rest. The database lets the position's lots and margin fall only against such a part row
 * (0028_orders_split_close.sql). The opening fee stays with the position: it was paid when it opened.
 */
export async function partialClosePosition(app: FastifyInstance, user: AuthUser, body: PartialClose): Promise<PartlyClosed> {
  const done = await retrying(() =>
    app.db.transaction(async (tx) => {
      const position = await lockedOwn(tx, user, body.orderNo)
      if (position.kind !== 'contract') throw new AppError(404, 'orderNotFound')
      if (position.status !== 'open') throw new AppError(409, 'positionNotOpen')
      const inst = instrumentOf(position.symbol)
      if (!isPartialLots(inst, position.lots, body.lots)) {
        throw new AppError(400, 'partialLots', { symbol: inst.symbol, step: inst.lotStep, lots: dec(position.lots).toFixed() })
      }
      requireOpenMarket(app, inst)
      const pricing = pricingOf(app)
      const price = closePrice(position.side, requireQuote(app, inst.symbol))
      const pl = withRates(inst.symbol, () => profit(inst, position.side, body.lots, position.openPrice!, price, pricing.rates))
      const margin = splitMargin(inst, position.margin, position.lots, body.lots)
      const rest = dec(position.lots).minus(body.lots)
      const book = holdingOf(await bookState(tx, user.id, position.book, position.marginCurrency, pricing))
      const part = await insertOrder(tx, {
        userId: position.userId,
        book: position.book,
        kind: 'contract',
        symbol: position.symbol,
        side: position.side,
        lots: dec(body.lots).toFixed(),
        leverage: position.leverage,
        status: 'open',
        openPrice: position.openPrice,
        margin: margin.part.toFixed(),
        fee: '0',
        marginCurrency: position.marginCurrency,
        openTime: position.openTime,
        createTime: app.now(),
        linkedOrderNo: position.id,
        // The trigger's proof (0028_orders_split_close.sql): numeric(38,18) as PostgreSQL prints it.
        openKey: `split:${position.id}:${rest.toFixed(18)}`,
      })
      const kept = await updateOrder(tx, position.id, { lots: rest.toFixed(), margin: margin.rest.toFixed() })
      const c: CloseInput = { price, pl, reason: 'user', now: app.now(), marginLevel: null, book }
      const [closed] = await settleCloses(tx, [{ row: part, c }])
      return { closed: closed!, kept }
    }),
  )
  await announce(app, [done.kept, done.closed.row], done.closed.posted)
  return { closed: view(app, done.closed.row), position: view(app, done.kept) }
}

/** Closes every open position of the book (or of one symbol) at the price each would close at now, in one
 * transaction: one position without a price, or whose market is closed, refuses them all (409), nothing closed. */
export async function closeAllPositions(app: FastifyInstance, user: AuthUser, body: CloseAll): Promise<ClosedAll> {
  const closed = await retrying(() =>
    app.db.transaction(async (tx) => {
      await lockBook(tx, user.id, user.accountType)
      const rows = (await liveOrdersOfBookLocked(tx, user.id, user.accountType)).filter(
        (r) => r.kind === 'contract' && r.status === 'open' && (!body.symbol || r.symbol === body.symbol),
      )
      if (rows.length === 0) {
        throw body.symbol ? new AppError(409, 'noSymbolPositionsToClose', { symbol: body.symbol }) : new AppError(409, 'noPositionsToClose')
      }
      const pricing = pricingOf(app)
      // What the book holds in each margin currency, read under the lock: settleCloses protects losses per book
      // and currency (docs/trading-account.md, "Loss protection").
      const books = new Map<string, CloseInput['book']>()
      for (const currency of new Set(rows.map((r) => r.marginCurrency))) {
        books.set(currency, holdingOf(await bookState(tx, user.id, user.accountType, currency, pricing)))
      }
      const closes = rows.map((row) => {
        const inst = instrumentOf(row.symbol)
        requireOpenMarket(app, inst)
        const price = closePrice(row.side, requireQuote(app, inst.symbol))
        const pl = withRates(inst.symbol, () => profit(inst, row.side, row.lots, row.openPrice!, price, pricing.rates))
        const c: CloseInput = { price, pl, reason: 'user', now: app.now(), marginLevel: null, book: books.get(row.marginCurrency)! }
        return { row, c }
      })
      return settleCloses(tx, closes)
    }),
  )
  for (const c of closed) await announce(app, [c.row], c.posted)
  return { closed: closed.map((c) => view(app, c.row)) }
}
