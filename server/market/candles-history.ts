// A plausible simulated past for a chart that would otherwise start empty: a deterministic walk (seeded by symbol and
// interval) backwards from the current price, only over intervals in which the market trades. Quotes already say the
// prices are simulated; these candles are their past. The walk runs in floating point because it only draws a shape:
// every price is rounded to the instrument's digits (toDigits), and no order is ever priced from history. Their tick
// volume is simulated too (ticksOf): a count drawn from the same kind of seeded generator, on a stream of its own so
// the prices stay the walk they always were.
import Decimal from 'decimal.js'
import type { CandleInterval } from '#contract/markets.ts'
import { isMarketOpen, nextOpen } from '#contract/trading-hours.ts'
import type { CatalogueInstrument } from './catalogue.ts'
import { bucketOf, INTERVAL_MS, type SymbolCandle } from './candles.ts'
import { BAND } from './simulator.ts'

/** Candles made per symbol and interval: the app's default page (KlineQuery limit 300). */
export const HISTORY_CANDLES = 300
const DAY_MS = 86_400_000

type HistoryInstrument = Pick<CatalogueInstrument, 'symbol' | 'digits' | 'start' | 'volatility' | 'hours'>

/** FNV-1a, so each symbol and interval has its own fixed seed. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** mulberry32: small, fast and deterministic (Math.random cannot be seeded). */
function seeded(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Standard normal from two uniforms (Box-Muller). */
const normal = (random: () => number) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())

/**
 * The price rounded to `digits` as a decimal string, through an integer of the smallest unit (exact below 2^53):
 * ten times faster than a Decimal made from a float, which matters for 100 000 candles at first start.
 */
export function toDigits(price: number, digits: number): string {
  const units = String(Math.round(price * 10 ** digits)).padStart(digits + 1, '0')
  return digits === 0 ? units : `${units.slice(0, -digits)}.${units.slice(-digits)}`
}

/** Whether the market trades at some moment of [start, start + ms). */
function trades(instrument: HistoryInstrument, start: number, ms: number) {
  if (isMarketOpen(instrument.hours, start)) return true
  return (nextOpen(instrument.hours, start) ?? Infinity) < start + ms
}

/**
 * A simulated bar's tick count: at most one a second, as the simulator ticks by default (TICK_MS, docs/api.md), and
 * more in a bar that moved further, like a real market's busier bars; at least one.
 */
function ticksOf(random: () => number, ms: number, move: number, sigma: number): number {
  const busy = Math.min(1, sigma > 0 ? move / (2 * sigma) : 0)
  return Math.max(1, Math.round((ms / 1000) * (0.3 + 0.35 * random() + 0.35 * busy)))
}

/**
 * Up to `count` candles that end before `before`'s interval, oldest first; the newest closes at `endBid`, so the live
 * candles continue the line.
 */
export function historyCandles(instrument: HistoryInstrument, interval: CandleInterval, endBid: Decimal, before: number, count = HISTORY_CANDLES): SymbolCandle[] {
  const ms = INTERVAL_MS[interval]
  const random = seeded(hash(`${instrument.symbol} ${interval}`))
  const ticksRandom = seeded(hash(`${instrument.symbol} ${interval} ticks`))
  const sigma = Number(instrument.volatility) * Math.sqrt(ms / DAY_MS)
  const start = Number(instrument.start)
  const [low, high] = [start * (1 - Number(BAND)), start * (1 + Number(BAND))]
  const fix = (price: number) => toDigits(price, instrument.digits)
  const candles: SymbolCandle[] = []
  let close = endBid.toNumber()
  // Enough steps to cross closed weekends and nights even for the sparsest session (stocks' hourly candles).
  for (let t = bucketOf(interval, before) - ms, steps = 0; candles.length < count && steps < count * 8 + 5000; t -= ms, steps++) {
    if (!trades(instrument, t, ms)) continue
    let open = close / (1 + normal(random) * sigma)
    // Reflect at the simulator's band, so the past stays where the live walk may go.
    if (open > high) open = 2 * high - open
    if (open < low) open = 2 * low - open
    const top = Math.max(open, close) * (1 + Math.abs(normal(random)) * sigma * 0.4)
    const bottom = Math.min(open, close) * (1 - Math.abs(normal(random)) * sigma * 0.4)
    const ticks = ticksOf(ticksRandom, ms, (top - bottom) / close, sigma)
    candles.push({ symbol: instrument.symbol, interval, time: t, open: fix(open), high: fix(top), low: fix(bottom), close: fix(close), ticks })
    close = open
  }
  return candles.reverse()
}
