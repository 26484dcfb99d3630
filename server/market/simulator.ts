// The built-in price simulator: a bounded random walk per instrument of the catalogue, in decimal arithmetic,
// published as one `ticker` batch (simulated: true) per tick. Only the leading process ticks; the others relay what
// it publishes. A closed market (its trading hours) does not move: its last quote goes out with the first batch of a
// leader and again every `fullEveryTicks`, so every process (and a freshly started one) knows a price for it.
import Decimal from 'decimal.js'
import type { Ticker } from '#contract/socket.ts'
import { isMarketOpen } from '#contract/trading-hours.ts'
import { instruments as catalogue, type CatalogueInstrument } from './catalogue.ts'

export type SimInstrument = Pick<CatalogueInstrument, 'symbol' | 'digits' | 'start' | 'spread' | 'volatility' | 'hours'>

/** The walk never leaves start × (1 ± BAND), so a long-running demo keeps plausible prices. */
export const BAND = '0.2'
const DAY_MS = 24 * 60 * 60 * 1000

export type SimulatorOptions = {
  tickMs: number
  now: () => number
  isLeader: () => boolean
  publish: (tickers: Ticker[]) => Promise<void>
  /** The last quote of each symbol this process knows, so a new leader continues the prices instead of restarting. */
  lastTickers: () => Ticker[] | null
  onError: (error: unknown) => void
  random?: () => number
  instruments?: readonly SimInstrument[]
  /** Every this many ticks the batch carries closed markets' quotes too (default 60). */
  fullEveryTicks?: number
}

/**
 * Largest relative move of one tick: a uniform move in [-step, step] has the standard deviation step / √3, and n
 * ticks a day add up to volatility when step = volatility × √(3 / n).
 */
export const stepOf = (instrument: SimInstrument, tickMs: number) =>
  new Decimal(instrument.volatility).times(Decimal.sqrt(new Decimal(3 * tickMs).div(DAY_MS)))

export function nextMid(mid: Decimal, instrument: SimInstrument, step: Decimal, u: number): Decimal {
  const start = new Decimal(instrument.start)
  const low = start.times(Decimal.sub(1, BAND))
  const high = start.times(Decimal.add(1, BAND))
  const next = mid.times(step.times(u * 2 - 1).plus(1))
  // Reflect at the band's edges so the walk stays inside it without sticking to an edge.
  if (next.gt(high)) return high.times(2).minus(next)
  if (next.lt(low)) return low.times(2).minus(next)
  return next
}

const midOf = (t: Ticker) => new Decimal(t.bid).plus(t.ask).div(2)

/** `open` is the mid the day's change is measured against. */
export function quote(mid: Decimal, instrument: SimInstrument, time: number, open: Decimal): Ticker {
  const spread = new Decimal(instrument.spread)
  const bid = mid.minus(spread.div(2)).toDecimalPlaces(instrument.digits, Decimal.ROUND_HALF_UP)
  const ask = bid.plus(spread)
  return {
    symbol: instrument.symbol,
    bid: bid.toFixed(instrument.digits),
    ask: ask.toFixed(instrument.digits),
    time,
    open: open.toFixed(instrument.digits),
    simulated: true,
  }
}

type State = { mid: Decimal; open: Decimal; day: number; last: Ticker }

export function startSimulator(options: SimulatorOptions) {
  const instruments = options.instruments ?? catalogue
  const random = options.random ?? Math.random
  const fullEvery = options.fullEveryTicks ?? 60
  const steps = new Map(instruments.map((i) => [i.symbol, stepOf(i, options.tickMs)]))
  const states = new Map<string, State>()
  let wasLeader = false
  let ticks = 0

  function seed(time: number) {
    const known = new Map((options.lastTickers() ?? []).map((t) => [t.symbol, t]))
    const day = Math.floor(time / DAY_MS)
    for (const instrument of instruments) {
      const t = known.get(instrument.symbol)
      const mid = t ? midOf(t) : new Decimal(instrument.start)
      // The day's reference survives a change of leader; a quote from an earlier day starts a new one.
      const sameDay = t?.open !== undefined && Math.floor(t.time / DAY_MS) === day
      const open = sameDay ? new Decimal(t.open!) : mid
      states.set(instrument.symbol, { mid, open, day, last: t ?? quote(mid, instrument, time, open) })
    }
  }

  function tick() {
    const leading = options.isLeader()
    const time = options.now()
    const first = leading && !wasLeader
    wasLeader = leading
    if (!leading) return
    if (first) seed(time)
    const full = first || ++ticks % fullEvery === 0
    const batch: Ticker[] = []
    for (const instrument of instruments) {
      const state = states.get(instrument.symbol)!
      if (isMarketOpen(instrument.hours, time)) {
        const day = Math.floor(time / DAY_MS)
        if (day !== state.day) Object.assign(state, { day, open: state.mid })
        state.mid = nextMid(state.mid, instrument, steps.get(instrument.symbol)!, random())
        state.last = quote(state.mid, instrument, time, state.open)
        batch.push(state.last)
      } else if (full) {
        batch.push(state.last)
      }
    }
    if (batch.length > 0) options.publish(batch).catch(options.onError)
  }

  const timer = setInterval(tick, options.tickMs)
  // Quote at once, so the first client does not wait a whole interval for prices.
  tick()
  return { stop: () => clearInterval(timer) }
}
