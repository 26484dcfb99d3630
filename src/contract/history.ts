// The history of closed positions of the caller's current book (docs/api.md, Orders): latest close first, filtered
// by symbol, side, how it closed and a range of close times, with the P/L totals of everything the filter finds
// (not only the page). Amounts are decimal strings in the margin currency; times epoch milliseconds.
import * as z from 'zod/mini'
import { ordered, TimeBound } from './account.ts'
import { Decimal, Page, pageOf, type Endpoint } from './endpoint.ts'
import { CloseReason, Order, Side } from './orders.ts'
import { Symbol } from './markets.ts'

export const HistoryQuery = z
  .extend(Page, { symbol: z.optional(Symbol), side: z.optional(Side), closeReason: z.optional(CloseReason), from: TimeBound, to: TimeBound })
  .check(ordered)
export type HistoryQuery = z.infer<typeof HistoryQuery>

/** What the filter finds, per margin currency: positions, realised P/L, the fees they paid, and P/L less fees. */
export const HistoryTotal = z.object({
  currency: z.string(),
  count: z.int(),
  wins: z.int(),
  losses: z.int(),
  profit: Decimal,
  fee: Decimal,
  net: Decimal,
})
export type HistoryTotal = z.infer<typeof HistoryTotal>

export const PositionHistory = z.extend(pageOf(Order), {
  totals: z.array(HistoryTotal),
  /** Every symbol the book has closed positions in, whatever the filter: the symbol filter offers only these. */
  symbols: z.array(z.string()),
})
export type PositionHistory = z.infer<typeof PositionHistory>

export const historyApi = {
  getPositionHistory: { method: 'GET', path: '/getPositionHistory', query: HistoryQuery, data: PositionHistory, auth: true },
} as const satisfies Record<string, Endpoint>
