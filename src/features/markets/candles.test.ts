import { describe, expect, it } from 'vitest'
import type { Ticker } from '#contract/socket.ts'
import { INTERVAL_MS, nextCandle, withQuote } from './candles.ts'

const tick = (time: number, bid: string): Ticker => ({ symbol: 'BTCUSDT', bid, ask: bid, time, simulated: true })
const M = INTERVAL_MS['1m']

describe('the last candle from ticks', () => {
  it('widens the current candle, closes it at the bid and counts the tick', () => {
    const last = { time: 0, open: '100.00', high: '101.00', low: '99.00', close: '100.50', ticks: 4 }
    expect(nextCandle(last, tick(30_000, '102.00'), M)).toEqual({ ...last, high: '102.00', close: '102.00', ticks: 5 })
    expect(nextCandle(last, tick(59_999, '98.50'), M)).toEqual({ ...last, low: '98.50', close: '98.50', ticks: 5 })
    expect(nextCandle(last, tick(10_000, '100.20'), M)).toEqual({ ...last, close: '100.20', ticks: 5 })
  })
  it('opens the next candle at the interval start when a tick passes it, its first tick counted', () => {
    const last = { time: 0, open: '100', high: '100', low: '100', close: '100', ticks: 9 }
    expect(nextCandle(last, tick(5 * M + 7, '103'), M)).toEqual({ time: 5 * M, open: '103', high: '103', low: '103', close: '103', ticks: 1 })
    expect(nextCandle(null, tick(M + 1, '7'), M)?.time).toBe(M)
  })
  it('ignores a tick older than the last candle', () => {
    expect(nextCandle({ time: 2 * M, open: '1', high: '1', low: '1', close: '1', ticks: 1 }, tick(M, '2'), M)).toBeNull()
  })
  it('compares prices as decimals, not as text', () => {
    const last = { time: 0, open: '9.5', high: '9.5', low: '9.5', close: '9.5', ticks: 1 }
    expect(nextCandle(last, tick(1, '10.1'), M)?.high).toBe('10.1')
  })
})

describe('the live bar', () => {
  const bar = { time: 0, open: '100', high: '100', low: '100', close: '100', ticks: 3 }
  it('counts a new quote once, however often it is applied (the render and the chart apply the same one)', () => {
    const once = withQuote({ bar, counted: 1_000 }, tick(2_000, '101'), M)
    expect(once).toEqual({ bar: { ...bar, high: '101', close: '101', ticks: 4 }, counted: 2_000 })
    expect(withQuote(once, tick(2_000, '101'), M)).toEqual(once)
  })
  it('moves fresh candles to a quote already counted without counting it again', () => {
    expect(withQuote({ bar, counted: 2_000 }, tick(2_000, '99'), M)).toEqual({ bar: { ...bar, low: '99', close: '99' }, counted: 2_000 })
  })
  it('keeps the bar for a quote older than it', () => {
    const live = { bar: { ...bar, time: 2 * M }, counted: 2 * M }
    expect(withQuote(live, tick(M, '1'), M)).toBe(live)
  })
})
