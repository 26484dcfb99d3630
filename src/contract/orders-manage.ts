// Managing what a trader holds (docs/trading.md "Managing positions and orders", docs/api.md "Managing positions"):
// change a position's or a pending order's take profit and stop loss, a pending order's price and lots, close part of a position, close every position
// of a symbol or of the book. Each acts on the caller's current book, takes an Idempotency-Key (a replay answers the
// first result and changes nothing) and runs under the book lock.
import * as z from 'zod/mini'
import { Int8Id, PositiveDecimal, type Endpoint } from './endpoint.ts'
import { Symbol } from './markets.ts'
import { Order } from './orders.ts'

/** The order's TP and SL become exactly these: an absent one is removed. */
export const ModifyStops = z.object({ orderNo: Int8Id, takeProfit: z.optional(PositiveDecimal), stopLoss: z.optional(PositiveDecimal) })
export type ModifyStops = z.infer<typeof ModifyStops>

/** Closes `lots` of an open position: on the lot step, less than the position. */
export const PartialClose = z.object({ orderNo: Int8Id, lots: PositiveDecimal })
export type PartialClose = z.infer<typeof PartialClose>

/** The closed part (its own closed row, linked to the position) and what stays open. */
export const PartlyClosed = z.object({ closed: Order, position: Order })
export type PartlyClosed = z.infer<typeof PartlyClosed>

/** A pending order's new price and lots (its side and leverage stay); its TP and SL become exactly these. */
export const EditLimit = z.object({
  orderNo: Int8Id,
  price: PositiveDecimal,
  lots: PositiveDecimal,
  takeProfit: z.optional(PositiveDecimal),
  stopLoss: z.optional(PositiveDecimal),
})
export type EditLimit = z.infer<typeof EditLimit>

/** Every open position of the book, or of one symbol. */
export const CloseAll = z.object({ symbol: z.optional(Symbol) })
export type CloseAll = z.infer<typeof CloseAll>

export const ClosedAll = z.object({ closed: z.array(Order) })
export type ClosedAll = z.infer<typeof ClosedAll>

export const manageApi = {
  modifyOrderStops: { method: 'POST', path: '/modifyOrderStops', body: ModifyStops, data: Order, auth: true, money: true },
  partialClosePosition: { method: 'POST', path: '/partialClosePosition', body: PartialClose, data: PartlyClosed, auth: true, money: true },
  /** Answers the order that now waits: a new number (the old one is cancelled, docs/trading.md). */
  editLimitOrder: { method: 'POST', path: '/editLimitOrder', body: EditLimit, data: Order, auth: true, money: true },
  closeAllPositions: { method: 'POST', path: '/closeAllPositions', body: CloseAll, data: ClosedAll, auth: true, money: true },
} as const satisfies Record<string, Endpoint>
