import Decimal from 'decimal.js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Ticker } from '#contract/socket.ts'
import { instrumentBySymbol, instruments } from './catalogue.ts'
import { BAND, nextMid, quote, startSimulator, stepOf, type SimulatorOptions } from './simulator.ts'

const WEDNESDAY_NOON = Date.UTC(2026, 10, 25, 12)
const SATURDAY_NOON = Date.UTC(2026, 10, 28, 12)
const EURUSD = instrumentBySymbol('EURUSD')!
const BTCUSDT = instrumentBySymbol('BTCUSDT')!

function run(overrides: Partial<SimulatorOptions>) {
  const batches: Ticker[][] = []
  const sim = startSimulator({
    tickMs: 1000,
    now: () => WEDNESDAY_NOON,
    isLeader: () => true,
    publish: async (batch) => void batches.push(batch),
    lastTickers: () => null,
    onError: () => {},
    random: () => 0.5,
    ...overrides,
  })
  return { batches, sim }
}

describe('simulator', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('quotes every catalogue instrument with bid below ask by exactly the spread, in its digits, marked simulated', () => {
    for (const instrument of instruments) {
      const t = quote(new Decimal(instrument.start), instrument, 5, new Decimal(instrument.start))
      expect(new Decimal(t.ask).minus(t.bid).toFixed(instrument.digits)).toBe(instrument.spread)
      expect(t.bid.split('.')[1] ?? '').toHaveLength(instrument.digits)
      expect(t).toMatchObject({ symbol: instrument.symbol, time: 5, simulated: true, open: instrument.start })
    }
  })

  it('keeps the walk inside the band, even when every step goes the same way', () => {
    const wild = { symbol: 'WILD', digits: 2, start: '100.00', spread: '0.10', volatility: '0.05', hours: '24x7' } as const
    const step = new Decimal('0.05')
    for (const u of [0, 1]) {
      let mid = new Decimal(wild.start)
      for (let i = 0; i < 1000; i++) {
        mid = nextMid(mid, wild, step, u)
        expect(mid.gte(Decimal.sub(1, BAND).times(100)) && mid.lte(Decimal.add(1, BAND).times(100))).toBe(true)
      }
    }
  })

  it('moves a tick by at most the step that adds up to the daily volatility', () => {
    // 86 400 one-second ticks a day: step = 0.005 × √(3 / 86 400) ≈ 0.0000295 for EURUSD.
    const step = stepOf(EURUSD, 1000)
    expect(step.toNumber()).toBeCloseTo(0.0000295, 7)
    expect(nextMid(new Decimal('1.2'), EURUSD, step, 1).toFixed(8)).toBe(new Decimal('1.2').times(step.plus(1)).toFixed(8))
  })

  it('publishes only while leading, continuing from the last prices seen and the day\'s reference', () => {
    let leading = false
    const last: Ticker[] = [{ symbol: 'EURUSD', bid: '1.20000', ask: '1.20012', time: WEDNESDAY_NOON - 5000, open: '1.19000', simulated: true }]
    const { batches, sim } = run({ isLeader: () => leading, lastTickers: () => last, instruments: [EURUSD] })
    vi.advanceTimersByTime(3000)
    expect(batches).toHaveLength(0)
    leading = true
    vi.advanceTimersByTime(1000)
    // u = 0.5 means no move: the new leader continues at the last mid and keeps the day's opening reference.
    expect(batches).toEqual([[{ symbol: 'EURUSD', bid: '1.20000', ask: '1.20012', time: WEDNESDAY_NOON, open: '1.19000', simulated: true }]])
    sim.stop()
  })

  it('measures the change from the day\'s first price: yesterday\'s reference is dropped, and midnight starts a new one', () => {
    let now = Date.UTC(2026, 10, 25, 23, 59, 59)
    const last: Ticker[] = [{ symbol: 'EURUSD', bid: '1.20000', ask: '1.20012', time: now - 86_400_000, open: '1.19000', simulated: true }]
    const { batches, sim } = run({ now: () => now, lastTickers: () => last, instruments: [EURUSD], random: () => 1 })
    // The last quote is from yesterday, so its reference no longer counts: today's starts at the current mid.
    expect(batches[0]![0]!.open).toBe('1.20006')
    vi.advanceTimersByTime(1000)
    expect(batches[1]![0]!.open).toBe('1.20006')
    now = Date.UTC(2026, 10, 26, 0, 0, 0)
    vi.advanceTimersByTime(1000)
    // The new day's reference is the mid before its first move (the last price of the previous day), rounded.
    const [, previous, midnight] = batches.map((b) => b[0]!)
    expect(midnight!.open).toBe(new Decimal(previous!.bid).plus(previous!.ask).div(2).toFixed(5, Decimal.ROUND_HALF_UP))
    expect(new Decimal(midnight!.bid).gt(previous!.bid)).toBe(true)
    sim.stop()
  })

  it('does not move a closed market, yet publishes its quote on a leader\'s first tick and every full batch', () => {
    const { batches, sim } = run({ now: () => SATURDAY_NOON, instruments: [EURUSD, BTCUSDT], random: () => 1, fullEveryTicks: 3 })
    vi.advanceTimersByTime(3000)
    const symbols = batches.map((b) => b.map((t) => t.symbol))
    // Forex is closed on Saturday, crypto trades: the first and every third batch carry EURUSD, unchanged.
    expect(symbols).toEqual([['EURUSD', 'BTCUSDT'], ['BTCUSDT'], ['BTCUSDT'], ['EURUSD', 'BTCUSDT']])
    expect(batches[3]![0]).toEqual(batches[0]![0])
    expect(batches[0]![0]).toMatchObject({ bid: '1.16494', ask: '1.16506', simulated: true })
    expect(new Decimal(batches[3]![1]!.bid).gt(batches[0]![1]!.bid)).toBe(true)
    sim.stop()
  })
})
