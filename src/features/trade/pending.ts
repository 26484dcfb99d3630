// Which pending order a price makes, as MetaTrader 5 defines them (docs/trading.md, "Pending orders"): a buy waits
// below the ask as a limit and above it as a stop; a sell waits above the bid as a limit and below it as a stop. The
// server refuses the wrong one (server/modules/orders/orders.checks.ts checkPendingSide); the ticket says so first
// and offers the type that fits.
import type { Decimal } from 'decimal.js'
import type { PendingType, Side } from '#contract/orders.ts'

/**
 * The pending type that waits at `price`, given the price the order would open at now (`market`: the ask for a buy,
 * the bid for a sell); null at the market price itself, where neither waits.
 */
export function fittingType(side: Side, price: Decimal, market: Decimal): PendingType | null {
  if (price.eq(market)) return null
  const isAbove = price.gt(market)
  return side === 'buy' ? (isAbove ? 'stop' : 'limit') : isAbove ? 'limit' : 'stop'
}
