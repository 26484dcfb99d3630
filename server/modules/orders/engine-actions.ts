// What the order engine (server/market/engine/engine.ts) does to the database when a trigger fires: close at TP or
// SL, fill a limit order, stop an account out. Each is one transaction (book lock, the row re-read under lock, the
// row change, the journal with its order-derived key, the user's message), so running one twice, or again after a
// crash, changes nothing the second time. Pushes (order_update, balance_update, new_message) follow the commit.
import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import type { MessageParams } from '#contract/messages.ts'
import type { CloseReason } from '#contract/orders.ts'
import { closePrice, dec, fee as feeOf, profit, requiredMargin } from '#contract/trading-math.ts'
import { retrying } from '../../ledger/db-errors.ts'
import type { Posted } from '../../ledger/post.ts'
import type { Tx } from '../../ledger/types.ts'
import { planStopOut } from '../../market/engine/stop-out.ts'
import { instrumentBySymbol } from '../../market/catalogue.ts'
import { insertTemplateMessage, type MessageTemplate } from '../messages/messages.service.ts'
import { bookState, figuresOf, holdingOf, marginLevelOf, type BookState } from './orders.money.ts'
import { settleClose, settleCloses, type CloseInput } from './orders.money-close.ts'
import { settleCancel, settleFill } from './orders.money-limit.ts'
import { lockBook } from './orders.repository.ts'
import { announce, priceOnGrid, pricingOf } from './orders.service.ts'
import { orders, type OrderRow } from './orders.table.ts'
import { plain } from './orders.view.ts'

type Outcome = { rows: OrderRow[]; posted: Posted[]; messages: { userId: string; id: string; title: string }[] }

/** Test hook: runs inside the transaction after the posting, before commit (a crash there must leave no trace). */
export type AfterPosting = () => void | Promise<void>

const TEMPLATE: Record<Exclude<CloseReason, 'user'>, MessageTemplate> = { take_profit: 'takeProfit', stop_loss: 'stopLoss', stop_out: 'stopOut' }

/** What the user's message names (messages.service.ts): the row's symbol, side and lots, `price` as the instrument
 * quotes it, and a closed position's P/L. */
function paramsOf(row: OrderRow, price: string): MessageParams {
  const params: MessageParams = { orderNo: String(row.id), book: row.book, symbol: row.symbol, side: row.side, lots: plain(row.lots)!, price: priceOnGrid(row.symbol, price)! }
  if (row.status === 'closed') Object.assign(params, { pnl: plain(row.profit)!, currency: row.marginCurrency })
  return params
}

async function lockedRow(tx: Tx, id: bigint): Promise<OrderRow | undefined> {
  const [peek] = await tx.select().from(orders).where(eq(orders.id, id))
  if (!peek) return undefined
  await lockBook(tx, peek.userId, peek.book)
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update')
  return row
}

async function run(app: FastifyInstance, work: (tx: Tx, out: Outcome) => Promise<void>): Promise<Outcome> {
  const out = await retrying(() =>
    app.db.transaction(async (tx) => {
      const fresh: Outcome = { rows: [], posted: [], messages: [] }
      await work(tx, fresh)
      return fresh
    }),
  )
  for (const m of out.messages) {
    await app.hub.publishToUser(m.userId, { messageType: 'new_message', data: { id: m.id, title: m.title } }).catch(() => {})
  }
  for (let i = 0; i < out.rows.length; i++) await announce(app, [out.rows[i]!], out.posted[i] ?? null)
  return out
}

const closeAt = (tx: Tx, app: FastifyInstance, row: OrderRow, price: string, reason: Exclude<CloseReason, 'user'>, state: BookState, level = marginLevelOf(state)) => {
  const inst = instrumentBySymbol(row.symbol)!
  const pricing = pricingOf(app)
  const pl = profit(inst, row.side, row.lots, row.openPrice!, price, pricing.rates)
  return settleClose(tx, row, { price: dec(price), pl, reason, now: app.now(), marginLevel: level, book: holdingOf(state) })
}

/** Whether `price` (the bid of a buy, the ask of a sell) still crosses the row's current TP or SL. */
function stillCrossed(row: OrderRow, reason: 'take_profit' | 'stop_loss', price: string): boolean {
  const level = reason === 'take_profit' ? row.takeProfit : row.stopLoss
  if (level === null) return false
  const above = dec(price).gte(level)
  const below = dec(price).lte(level)
  return (reason === 'take_profit') === (row.side === 'buy') ? above : below
}

/** Closes an open position at `price` (the bid or ask of the tick that crossed its TP or SL, gap included). */
export async function closeByTrigger(app: FastifyInstance, id: bigint, reason: 'take_profit' | 'stop_loss', price: string, afterPosting?: AfterPosting) {
  return run(app, async (tx, out) => {
    const row = await lockedRow(tx, id)
    if (row?.status !== 'open') return
    // The trader may have moved or removed the level since it was indexed (manage.service.ts): the row as it is
    // now goes back to the index instead of closing at a level it no longer has.
    if (!stillCrossed(row, reason, price)) return void out.rows.push(row)
    const state = await bookState(tx, row.userId, row.book, row.marginCurrency, pricingOf(app))
    const closed = await closeAt(tx, app, row, price, reason, state)
    await afterPosting?.()
    out.rows.push(closed.row)
    out.posted.push(closed.posted)
    out.messages.push({ userId: row.userId, ...(await insertTemplateMessage(tx, row.userId, TEMPLATE[reason], paramsOf(closed.row, closed.row.closePrice!))) })
  })
}

/** Fills a pending limit or stop order at `price` (the ask for a buy, the bid for a sell), or cancels it when the free
 * margin no longer covers the position at that price. */
export async function fillLimit(app: FastifyInstance, id: bigint, price: string, afterPosting?: AfterPosting) {
  return run(app, async (tx, out) => {
    const row = await lockedRow(tx, id)
    if (row?.status !== 'pending') return
    const inst = instrumentBySymbol(row.symbol)!
    const pricing = pricingOf(app)
    const margin = requiredMargin(inst, row.lots, row.leverage, price, pricing.rates)
    const fee = feeOf(inst, row.lots, price, pricing.rates)
    const state = await bookState(tx, row.userId, row.book, row.marginCurrency, pricing)
    const filled = await settleFill(tx, row, { price: dec(price), margin, fee, now: app.now(), state })
    if (filled) {
      await afterPosting?.()
      out.rows.push(filled.limit, filled.position)
      out.posted.push(filled.posted)
      const template = row.pendingType === 'stop' ? 'stopFilled' : 'limitFilled'
      out.messages.push({ userId: row.userId, ...(await insertTemplateMessage(tx, row.userId, template, paramsOf(filled.position, filled.position.openPrice!))) })
      return
    }
    const cancelled = await settleCancel(tx, row, app.now())
    out.rows.push(cancelled.row)
    out.posted.push(cancelled.posted)
    const template = row.pendingType === 'stop' ? 'stopCancelled' : 'limitCancelled'
    out.messages.push({ userId: row.userId, ...(await insertTemplateMessage(tx, row.userId, template, paramsOf(cancelled.row, price))) })
  })
}

/** Re-checks a book under its lock and, below the stop-out level, closes its positions largest loss first until the
 * level recovers (planStopOut), each at the price it would close at now, each recording the level before it. */
export async function stopOut(app: FastifyInstance, userId: string, book: OrderRow['book']) {
  return run(app, async (tx, out) => {
    await lockBook(tx, userId, book)
    const pricing = pricingOf(app)
    const state = await bookState(tx, userId, book, 'USDT', pricing)
    const byId = new Map(state.positions.map((p) => [String(p.id), p]))
    const plan = planStopOut({
      balance: figuresOf(state).balance,
      positions: state.positions.map((p, i) => ({ id: String(p.id), margin: p.margin, profit: state.valued[i]!.profit })),
      stopOutLevel: app.conf.stopOutLevel,
    })
    const closes: { row: OrderRow; c: CloseInput }[] = []
    for (const step of plan.close) {
      const row = byId.get(step.id)!
      const quote = pricing.quote(row.symbol)
      if (!quote) continue
      const price = closePrice(row.side, quote)
      const pl = profit(instrumentBySymbol(row.symbol)!, row.side, row.lots, row.openPrice!, price, pricing.rates)
      closes.push({ row, c: { price, pl, reason: 'stop_out', now: app.now(), marginLevel: step.marginLevel, book: holdingOf(state) } })
    }
    // One settlement for the book (settlementPlan): the same loss protection as every other path.
    // A message for each position closed, naming it.
    for (const closed of closes.length > 0 ? await settleCloses(tx, closes) : []) {
      out.rows.push(closed.row)
      out.posted.push(closed.posted)
      out.messages.push({ userId, ...(await insertTemplateMessage(tx, userId, 'stopOut', paramsOf(closed.row, closed.row.closePrice!))) })
    }
  })
}
