// What the screens derive from a ticker, in decimal arithmetic (prices are decimal strings).
import Decimal from 'decimal.js'
import type { Ticker } from '#contract/socket.ts'

const digitsOf = (price: string) => /\.(\d+)$/.exec(price)?.[1]?.length ?? 0

export function mid(t: Ticker): Decimal {
  return new Decimal(t.bid).plus(t.ask).div(2)
}

/** ask - bid with the instrument's digits. */
export function spread(t: Ticker): string {
  return new Decimal(t.ask).minus(t.bid).toFixed(digitsOf(t.bid))
}

/**
 * Change of the mid price against the ticker's reference (`open`), in percent with 2 decimals; null when the
 * ticker has no reference (prices saved by an older version) or it is zero.
 */
export function changePercent(t: Ticker): string | null {
  if (!t.open) return null
  const open = new Decimal(t.open)
  if (open.isZero()) return null
  return mid(t).minus(open).div(open).times(100).toFixed(2, Decimal.ROUND_HALF_UP)
}
