// Candles of bid prices built from the ticks this process hears (every process keeps the open ones, so any can answer
// getKline with the live candle). The leader also records which candles changed, and candles-store.ts upserts them
// in batches every few seconds instead of writing per tick. Each candle counts the ticks (quote updates) that fell
// in it: the feed has no traded volume, so the chart shows tick volume, as MetaTrader 5 does for forex.
import Decimal from 'decimal.js'
import type { Candle, CandleInterval } from '#contract/markets.ts'
import type { Ticker } from '#contract/socket.ts'
import { isMarketOpen } from '#contract/trading-hours.ts'
import { instrumentBySymbol } from './catalogue.ts'

export const INTERVAL_MS: Record<CandleInterval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
}
export const INTERVALS = Object.keys(INTERVAL_MS) as CandleInterval[]

/** The start of the interval holding `time` (UTC; a day starts at 00:00 UTC). */
export const bucketOf = (interval: CandleInterval, time: number) => time - (time % INTERVAL_MS[interval])

export type SymbolCandle = Candle & { symbol: string; interval: CandleInterval }

export type CandleBook = ReturnType<typeof createCandleBook>

export function createCandleBook() {
  const open = new Map<string, SymbolCandle>()
  const lastTime = new Map<string, number>()
  /** Candles changed since the last drain, by symbol, interval and start; null until someone drains. */
  let changed: Map<string, SymbolCandle> | null = null

  function add(batch: Ticker[]) {
    for (const { symbol, bid, time } of batch) {
      // A closed market's quote is repeated unchanged; an old or repeated tick must not reopen a candle.
      if (time <= (lastTime.get(symbol) ?? -1)) continue
      // Nor does a closed market's starting quote (a fresh leader's first batch) draw a candle outside its hours.
      const hours = instrumentBySymbol(symbol)?.hours
      if (hours && !isMarketOpen(hours, time)) continue
      lastTime.set(symbol, time)
      const price = new Decimal(bid)
      for (const interval of INTERVALS) {
        const key = `${symbol} ${interval}`
        const start = bucketOf(interval, time)
        let candle = open.get(key)
        if (candle?.time !== start) {
          candle = { symbol, interval, time: start, open: bid, high: bid, low: bid, close: bid, ticks: 1 }
          open.set(key, candle)
        } else {
          if (price.gt(candle.high)) candle.high = bid
          if (price.lt(candle.low)) candle.low = bid
          candle.close = bid
          candle.ticks++
        }
        changed?.set(`${key} ${start}`, candle)
      }
    }
  }

  return {
    add,
    /** The newest candle this process built for the symbol and interval (the open one while its market trades). */
    latest(symbol: string, interval: CandleInterval): Candle | undefined {
      const candle = open.get(`${symbol} ${interval}`)
      return candle && { time: candle.time, open: candle.open, high: candle.high, low: candle.low, close: candle.close, ticks: candle.ticks }
    },
    /** Copies of the candles changed since the last call; the first call starts the recording. */
    drain(): SymbolCandle[] {
      const rows = changed ? [...changed.values()].map((c) => ({ ...c })) : []
      changed = new Map()
      return rows
    },
  }
}
