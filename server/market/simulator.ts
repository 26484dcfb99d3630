// The built-in price simulator: a bounded random walk per instrument, in decimal arithmetic, published as one
// `ticker` batch (simulated: true) per tick. Only the leading process ticks; the others relay what it publishes.
import Decimal from 'decimal.js'
import type { Ticker } from '#contract/socket.ts'
import { BAND, SIM_INSTRUMENTS, type SimInstrument } from './instruments.ts'

export type SimulatorOptions = {
  tickMs: number
  now: () => number
  isLeader: () => boolean
  publish: (tickers: Ticker[]) => Promise<void>
  /** The last batch seen on the bus, so a new leader continues the prices instead of jumping back to start. */
  lastTickers: () => Ticker[] | null
  onError: (error: unknown) => void
  random?: () => number
  instruments?: SimInstrument[]
}

export function nextMid(mid: Decimal, instrument: SimInstrument, u: number): Decimal {
  const start = new Decimal(instrument.start)
  const low = start.times(Decimal.sub(1, BAND))
  const high = start.times(Decimal.add(1, BAND))
  const next = mid.times(new Decimal(instrument.step).times(u * 2 - 1).plus(1))
  // Reflect at the band's edges so the walk stays inside it without sticking to an edge.
  if (next.gt(high)) return high.times(2).minus(next)
  if (next.lt(low)) return low.times(2).minus(next)
  return next
}

export function quote(mid: Decimal, instrument: SimInstrument, time: number): Ticker {
  const spread = new Decimal(instrument.spread)
  const bid = mid.minus(spread.div(2)).toDecimalPlaces(instrument.digits, Decimal.ROUND_HALF_UP)
  const ask = bid.plus(spread)
  return {
    symbol: instrument.symbol,
    bid: bid.toFixed(instrument.digits),
    ask: ask.toFixed(instrument.digits),
    time,
    open: new Decimal(instrument.start).toFixed(instrument.digits),
    simulated: true,
  }
}

export function startSimulator(options: SimulatorOptions) {
  const instruments = options.instruments ?? SIM_INSTRUMENTS
  const random = options.random ?? Math.random
  const mids = new Map<string, Decimal>()
  let wasLeader = false

  function seed() {
    const last = new Map((options.lastTickers() ?? []).map((t) => [t.symbol, t]))
    for (const instrument of instruments) {
      const t = last.get(instrument.symbol)
      mids.set(instrument.symbol, t ? new Decimal(t.bid).plus(t.ask).div(2) : new Decimal(instrument.start))
    }
  }

  function tick() {
    const leading = options.isLeader()
    if (leading && !wasLeader) seed()
    wasLeader = leading
    if (!leading) return
    const time = options.now()
    const batch = instruments.map((instrument) => {
      const mid = nextMid(mids.get(instrument.symbol)!, instrument, random())
      mids.set(instrument.symbol, mid)
      return quote(mid, instrument, time)
    })
    options.publish(batch).catch(options.onError)
  }

  const timer = setInterval(tick, options.tickMs)
  // Quote at once, so the first client does not wait a whole interval for prices.
  tick()
  return { stop: () => clearInterval(timer) }
}
