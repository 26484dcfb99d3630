// The stop-out price (docs/trading.md): the price at which an account's margin level would first fall below the
// stop-out level, shown on the order ticket and on the chart's trade lines. Built only on trading-math.ts's
// formulas, the ones the engine's stop-out decision uses, so the price shown and the decision agree to one tick.
// Exact decimals only, like trading-math.ts (trading-math.test.ts refuses floating point in both files).
import {
  Dec,
  MissingRateError,
  closePrice,
  dec,
  fee,
  openPrice,
  profit,
  ratesFromQuotes,
  requiredMargin,
  tickSize,
  type MathInstrument,
  type Num,
  type Quote,
  type QuoteBook,
} from './trading-math.ts'
import type { Side } from './orders.ts'

const ONE = new Dec(1)
const HUNDRED = new Dec(100)

/** An open position as the stop-out price needs it: its margin is fixed at opening (it sits in the ledger). */
export type OpenPosition = { instrument: MathInstrument; side: Side; lots: Num; openPrice: Num; margin: Num }

export type StopOutInput = {
  balance: Num
  positions: readonly OpenPosition[]
  /** Current quotes of every symbol the positions use (and of the pairs their conversions use). */
  quotes: QuoteBook
  stopOutLevel: Num
  /** The instrument whose price moves; every other price is held. */
  instrument: MathInstrument
  /** An order about to be opened at the current price (the ticket's preview): its fee leaves the balance. */
  order?: { instrument: MathInstrument; side: Side; lots: Num; leverage: number }
}

/** Searching upwards stops at 2^20 × the current price: beyond that, "never" is the honest answer. */
const UP_DOUBLINGS = 20

/**
 * The bid of `instrument` at which the account's margin level first falls below the stop-out level (where stop-out
 * applies: isBelowLevel, planStopOut) moving away from the current price, other prices held and the spread kept; null when no price does (no margin in
 * use, hedged, or only beyond 2^20 × the price). Found by bisection on whole ticks over the same formulas that
 * decide stop-out (conversion rates move with the price too), so the answer is exact to one tick: at the returned
 * price the level is below the stop-out level, one tick nearer the current price it is not. The search goes the
 * way the account loses; when that is unclear (hedged), both ways, and the nearer price wins. An account already
 * below the level gets the current bid. Strictly below, like the planner, so a trigger at this price never fires
 * for an account the planner would leave open.
 */
export function stopOutPrice(input: StopOutInput): Dec | null {
  const { instrument, quotes } = input
  const now = quotes.get(instrument.symbol)
  if (!now) return null
  const positions = [...input.positions]
  let balance = dec(input.balance)
  if (input.order) {
    const o = input.order
    const q = quotes.get(o.instrument.symbol)
    if (!q) return null
    const rates = ratesFromQuotes(quotes)
    const price = openPrice(o.side, q)
    balance = balance.minus(fee(o.instrument, o.lots, price, rates))
    positions.push({ ...o, openPrice: price, margin: requiredMargin(o.instrument, o.lots, o.leverage, price, rates) })
  }
  const margin = positions.reduce((sum, p) => sum.plus(p.margin), new Dec(0))
  if (margin.isZero()) return null
  // level < stop-out ⇔ equity < stop-out × margin / 100 (the margin is fixed): compare equities, no division.
  const floorEquity = margin.times(input.stopOutLevel).div(HUNDRED)
  const tick = tickSize(instrument)
  const spread = dec(now.ask).minus(now.bid)
  /** Equity above the stop-out equity with the bid at `ticks` × tick (conversion rates move with it too). */
  const excess = (ticks: Dec): Dec => {
    const bid = ticks.times(tick)
    const moved: Quote = { bid, ask: bid.plus(spread) }
    const book: QuoteBook = { get: (s) => (s === instrument.symbol ? moved : quotes.get(s)) }
    const rates = ratesFromQuotes(book)
    let equity = balance
    for (const p of positions) {
      const q = book.get(p.instrument.symbol)
      if (!q) throw new MissingRateError(p.instrument.symbol)
      equity = equity.plus(profit(p.instrument, p.side, p.lots, p.openPrice, closePrice(p.side, q), rates))
    }
    return equity.minus(floorEquity)
  }
  const reached = (ticks: Dec): boolean => excess(ticks).lt(0)
  const start = dec(now.bid).div(tick).floor()
  const atStart = excess(start)
  if (atStart.lt(0)) return start.times(tick)
  const limit = start.times(new Dec(2).pow(UP_DOUBLINGS))
  const inRange = (k: Dec) => k.gte(1) && k.lte(limit)
  // Bisect between a tick that has not reached stop-out and one that has; returns the reached one next to the other.
  const bisect = (safe: Dec, out: Dec): Dec => {
    while (safe.minus(out).abs().gt(1)) {
      const middle = safe.plus(out).div(2).floor()
      if (reached(middle)) out = middle
      else safe = middle
    }
    return out
  }
  // Fast path (the ticket runs this on every keystroke): equity is linear in the price for dollar-quoted symbols and
  // nearly so otherwise, so a secant from the current price lands within a tick or two of the answer; a bracket
  // grown from there and a bisection make it exact. About six evaluations instead of some fifty.
  const step = Dec.max(1, start.div(1000).floor())
  const slope = excess(start.plus(step)).minus(atStart).div(step)
  if (!slope.isZero()) {
    const estimate = start.minus(atStart.div(slope)).floor()
    const away = estimate.gte(start) ? ONE : ONE.neg()
    if (inRange(estimate)) {
      if (reached(estimate)) {
        // Walk back towards the current price (safe) until a tick has not reached stop-out.
        let out = estimate
        for (let d = ONE; ; d = d.times(2)) {
          const back = estimate.minus(away.times(d))
          const k = back.minus(start).times(away).lte(0) ? start : back
          if (!reached(k)) return bisect(k, out).times(tick)
          out = k
        }
      }
      // Walk further away until a tick has reached it (or leave it to the slow path beyond the range).
      let safe = estimate
      for (let d = ONE; inRange(safe.plus(away.times(d))); d = d.times(2)) {
        const k = safe.plus(away.times(d))
        if (reached(k)) return bisect(safe, k).times(tick)
        safe = k
      }
    }
  }
  // Slow path: no usable slope (hedged, or curved away): search both directions and keep the nearer answer.
  const down = reached(ONE) ? bisect(start, ONE) : null
  let up: Dec | null = null
  for (let i = 0, safe = start, probe = start.times(2); i < UP_DOUBLINGS && up === null; i++, safe = probe, probe = probe.times(2)) {
    if (reached(probe)) up = bisect(safe, probe)
  }
  const best = down === null ? up : up === null || start.minus(down).lte(up.minus(start)) ? down : up
  return best === null ? null : best.times(tick)
}
