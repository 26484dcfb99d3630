// A stop or limit typed far from the price is more often a slip of the keyboard (90 for 90 000, a missing digit)
// than a plan, so the ticket warns, without refusing: some traders do mean it.
import type { Decimal } from 'decimal.js'
import { dec } from '#contract/trading-math.ts'

/** How far from the price (a fraction of it) a stop or limit may sit before the ticket asks "is this the price?". */
export const FAR_FROM_PRICE = dec('0.2')

/** The distance of `level` from `price` in percent, when it is more than `limit` of the price; else null. */
export function farFrom(level: Decimal | null, price: Decimal | null, limit: Decimal = FAR_FROM_PRICE): Decimal | null {
  if (!level || !price || price.lte(0)) return null
  const distance = level.minus(price).abs().div(price)
  return distance.gt(limit) ? distance.times(100) : null
}
