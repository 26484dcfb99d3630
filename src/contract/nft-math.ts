// The rules of a bid, shared by the bid sheet and the server (server/modules/nfts/nfts.service.ts), so the sheet
// refuses exactly what the server would: a bid is at least the reserve price, or the current bid plus the item's
// step, has at most the currency's decimals, and is covered by the bidder's live funds.
import { dec, type Num } from './trading-math.ts'

/** The smallest bid accepted now. */
export const minNextBid = (item: { reservePrice: Num; minStep: Num; currentBid: Num | null }): string =>
  (item.currentBid === null ? dec(item.reservePrice) : dec(item.currentBid).plus(item.minStep)).toFixed()

export type BidIssue = { code: 'tooLow'; min: string } | { code: 'tooPrecise'; scale: number } | { code: 'insufficient'; available: string }

/**
 * Why `amount` cannot be bid now, or null. `available` is what the bidder may lock, counting their own leading bid on
 * this item, which the new bid releases in the same posting.
 */
export function bidIssue(input: { amount: Num; min: Num; scale: number; available: Num }): BidIssue | null {
  const amount = dec(input.amount)
  if (amount.decimalPlaces() > input.scale) return { code: 'tooPrecise', scale: input.scale }
  if (amount.lt(input.min)) return { code: 'tooLow', min: dec(input.min).toFixed() }
  if (amount.gt(input.available)) return { code: 'insufficient', available: dec(input.available).toFixed() }
  return null
}

/** Anti-sniping: a bid within `windowMs` of the end moves the end to `extendMs` after the bid (never earlier). */
export function endAfterBid(endsAt: number, now: number, windowMs: number, extendMs: number): number {
  if (windowMs <= 0 || endsAt - now > windowMs) return endsAt
  return Math.max(endsAt, now + extendMs)
}
