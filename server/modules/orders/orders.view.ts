// Rows as the contract's Order, valued at the last quotes: an open position shows its floating P/L and pips at the
// price it would close at now; a closed one its realised result. Amounts leave as plain decimal strings.
import type { Order } from '#contract/orders.ts'
import type { Ticker } from '#contract/socket.ts'
import { closePrice, dec, MissingRateError, pips, profit, type Rates } from '#contract/trading-math.ts'
import { trim } from '../../ledger/reconcile.ts'
import { instrumentBySymbol } from '../../market/catalogue.ts'
import type { OrderRow } from './orders.table.ts'

/** numeric(38,18) text without its trailing zeros: 1.500000000000000000 -> 1.5. */
export const plain = (value: string | null): string | null => (value === null ? null : dec(value).toFixed())
/** plain for a row's own numeric columns, as PostgreSQL writes them (never an exponent, never a leading zero), trimmed
 * as text: parsing ten decimals per order was most of toOrder's time (bench:orders). */
const own = (value: string | null): string | null => (value === null ? null : trim(value))
const ZERO = '0'

/** Floating P/L of an open position at `quote`; null when no quote (or no conversion rate) prices it yet. */
export function floating(row: OrderRow, quote: Ticker | undefined, rates: Rates): string | null {
  const inst = instrumentBySymbol(row.symbol)
  if (!quote || !inst || row.openPrice === null) return null
  try {
    return profit(inst, row.side, row.lots, row.openPrice, closePrice(row.side, quote), rates).toFixed()
  } catch (error) {
    if (error instanceof MissingRateError) return null
    throw error
  }
}

export function toOrder(row: OrderRow, quote: Ticker | undefined, rates: Rates): Order {
  const inst = instrumentBySymbol(row.symbol)
  const last = quote ? closePrice(row.side, quote).toFixed() : null
  let result = ZERO
  let pipCount = ZERO
  if (row.status === 'closed') {
    result = own(row.profit)!
    if (inst && row.openPrice !== null && row.closePrice !== null) pipCount = pips(inst, row.side, row.openPrice, row.closePrice).toFixed()
  } else if (row.status === 'open') {
    result = floating(row, quote, rates) ?? ZERO
    if (inst && row.openPrice !== null && last !== null) pipCount = pips(inst, row.side, row.openPrice, last).toFixed()
  }
  return {
    orderNo: String(row.id),
    kind: row.kind,
    book: row.book,
    symbol: row.symbol,
    side: row.side,
    lots: own(row.lots)!,
    leverage: row.leverage,
    status: row.status,
    limitPrice: own(row.limitPrice),
    pendingType: row.kind === 'limit' ? (row.pendingType ?? 'limit') : null,
    openPrice: own(row.openPrice),
    closePrice: own(row.closePrice),
    lastPrice: last,
    takeProfit: own(row.takeProfit),
    stopLoss: own(row.stopLoss),
    margin: own(row.margin)!,
    fee: own(row.fee)!,
    profit: result,
    pips: pipCount,
    openTime: row.openTime,
    closeTime: row.closeTime,
    createTime: row.createTime,
    closeReason: row.closeReason,
    closeMarginLevel: row.closeMarginLevel === null ? null : dec(row.closeMarginLevel).toDecimalPlaces(2).toFixed(),
    linkedOrderNo: row.linkedOrderNo === null ? null : String(row.linkedOrderNo),
  }
}
