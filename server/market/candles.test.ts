import { describe, expect, it } from 'vitest'
import type { Ticker } from '#contract/socket.ts'
import { bucketOf, createCandleBook } from './candles.ts'

const MINUTE = 60_000
const T0 = Date.UTC(2026, 10, 25, 12, 0)
const tick = (bid: string, time: number, symbol = 'EURUSD'): Ticker => ({ symbol, bid, ask: bid, time, simulated: true })

describe('candle book', () => {
  it('starts intervals at their UTC boundaries', () => {
    const t = Date.UTC(2026, 10, 25, 13, 47, 31, 500)
    expect(bucketOf('1m', t)).toBe(Date.UTC(2026, 10, 25, 13, 47))
    expect(bucketOf('5m', t)).toBe(Date.UTC(2026, 10, 25, 13, 45))
    expect(bucketOf('15m', t)).toBe(Date.UTC(2026, 10, 25, 13, 45))
    expect(bucketOf('1h', t)).toBe(Date.UTC(2026, 10, 25, 13))
    expect(bucketOf('1d', t)).toBe(Date.UTC(2026, 10, 25))
  })

  it('builds open, high, low and close from bid prices, a new candle each interval', () => {
    const book = createCandleBook()
    book.add([tick('1.10000', T0), tick('1.10300', T0 + 10_000), tick('1.09900', T0 + 20_000), tick('1.10100', T0 + 59_999)])
    expect(book.latest('EURUSD', '1m')).toEqual({ time: T0, open: '1.10000', high: '1.10300', low: '1.09900', close: '1.10100', ticks: 4 })
    book.add([tick('1.10200', T0 + MINUTE)])
    expect(book.latest('EURUSD', '1m')).toEqual({ time: T0 + MINUTE, open: '1.10200', high: '1.10200', low: '1.10200', close: '1.10200', ticks: 1 })
    expect(book.latest('EURUSD', '1h')).toEqual({ time: T0, open: '1.10000', high: '1.10300', low: '1.09900', close: '1.10200', ticks: 5 })
  })

  it('ignores a repeated or older quote (a closed market\'s quote sent again)', () => {
    const book = createCandleBook()
    book.add([tick('1.10000', T0 + MINUTE)])
    book.add([tick('1.20000', T0 + MINUTE), tick('1.00000', T0)])
    // Nor counts as a tick: the candle heard one.
    expect(book.latest('EURUSD', '1m')).toEqual({ time: T0 + MINUTE, open: '1.10000', high: '1.10000', low: '1.10000', close: '1.10000', ticks: 1 })
  })

  it('counts the ticks of each bar in every interval', () => {
    const book = createCandleBook()
    // Three ticks in 12:00, two in 12:01, one in 12:05 and one at 13:00.
    const times = [0, 15_000, 59_000, MINUTE, MINUTE + 30_000, 5 * MINUTE, 60 * MINUTE]
    book.drain()
    book.add(times.map((t, i) => tick(`1.1${i}`, T0 + t)))
    const drained = book.drain()
    const counts = (interval: string) => drained.filter((c) => c.interval === interval).map((c) => c.ticks)
    expect(counts('1m')).toEqual([3, 2, 1, 1])
    expect(counts('5m')).toEqual([5, 1, 1])
    expect(counts('15m')).toEqual([6, 1])
    expect(counts('1h')).toEqual([6, 1])
    expect(counts('1d')).toEqual([7])
    expect(book.latest('EURUSD', '1d')).toMatchObject({ time: Date.UTC(2026, 10, 25), ticks: 7 })
  })

  it('hands out the changed candles once drained, including one that closed since', () => {
    const book = createCandleBook()
    book.add([tick('1.1', T0)])
    // Recording starts with the first drain: a follower that never drains keeps nothing.
    expect(book.drain()).toEqual([])
    book.add([tick('1.2', T0 + 1000), tick('1.3', T0 + MINUTE)])
    const drained = book.drain().filter((c) => c.interval === '1m')
    expect(drained).toEqual([
      // The count is the candle's whole count (two ticks), not the one since the drain: a write replaces, never adds.
      { symbol: 'EURUSD', interval: '1m', time: T0, open: '1.1', high: '1.2', low: '1.1', close: '1.2', ticks: 2 },
      { symbol: 'EURUSD', interval: '1m', time: T0 + MINUTE, open: '1.3', high: '1.3', low: '1.3', close: '1.3', ticks: 1 },
    ])
    expect(book.drain()).toEqual([])
  })
})

it('draws no candle from a quote outside the market\'s hours (a closed market\'s starting quote)', () => {
  const book = createCandleBook()
  const saturday = Date.UTC(2026, 10, 28, 12)
  book.add([tick('1.10000', saturday), tick('230.00', saturday, 'AAPL'), tick('95000.00', saturday, 'BTCUSDT')])
  expect(book.latest('EURUSD', '1m')).toBeUndefined()
  expect(book.latest('AAPL', '1d')).toBeUndefined()
  expect(book.latest('BTCUSDT', '1m')).toMatchObject({ time: saturday, close: '95000.00' })
})
