import { describe, expect, it } from 'vitest'
import type { Ticker } from '#contract/socket.ts'
import { INTERVAL_MS, nextCandle } from './candles.ts'

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
