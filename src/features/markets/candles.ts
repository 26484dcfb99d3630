// The chart's last candle from live ticks, in decimal strings like the server's candles (bid prices, MT5 style).
import Decimal from 'decimal.js'
import type { Candle, CandleInterval } from '#contract/markets.ts'
import type { Ticker } from '#contract/socket.ts'

const MINUTE = 60_000
export const INTERVAL_MS: Record<CandleInterval, number> = { '1m': MINUTE, '5m': 5 * MINUTE, '15m': 15 * MINUTE, '1h': 60 * MINUTE, '1d': 1440 * MINUTE }

/**
 * The candle after this tick: the last one widened and closed at the bid when the tick falls in it, a new one
 * opened at the bid when the tick starts the next interval, or null for a tick older than the last candle. Each tick
 * adds one to the candle's tick volume (the caller passes each quote once: a repeated one is no new tick).
 */
export function nextCandle(last: Candle | null, tick: Ticker, intervalMs: number): Candle | null {
  const start = Math.floor(tick.time / intervalMs) * intervalMs
  const bid = tick.bid
  if (!last || start > last.time) return { time: start, open: bid, high: bid, low: bid, close: bid, ticks: 1 }
  if (start < last.time) return null
  const price = new Decimal(bid)
  return {
    time: last.time,
    open: last.open,
    high: price.gt(last.high) ? bid : last.high,
    low: price.lt(last.low) ? bid : last.low,
    close: bid,
    ticks: last.ticks + 1,
  }
}

/** The live bar and the newest quote time counted into it. */
export type LiveBar = { bar: Candle | null; counted: number }

/**
 * The live bar after a quote. Idempotent: a quote already counted (applied again to fresh candles, another interval,
 * or a re-render) moves the bar but adds no tick, so a screen can work out the bar in the render that shows the quote.
 */
export function withQuote(live: LiveBar, tick: Ticker, intervalMs: number): LiveBar {
  const moved = nextCandle(live.bar, tick, intervalMs)
  if (!moved) return live
  const isCounted = tick.time <= live.counted && moved.time === live.bar?.time
  return { bar: isCounted ? { ...moved, ticks: live.bar!.ticks } : moved, counted: Math.max(live.counted, tick.time) }
}
