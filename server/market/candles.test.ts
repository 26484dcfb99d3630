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
    expect(book.latest('EURUSD', '1m')).toEqual({ time: T0, open: '1.10000', high: '1.10300', low: '1.09900', close: '1.10100' })
    book.add([tick('1.10200', T0 + MINUTE)])
    expect(book.latest('EURUSD', '1m')).toEqual({ time: T0 + MINUTE, open: '1.10200', high: '1.10200', low: '1.10200', close: '1.10200' })
    expect(book.latest('EURUSD', '1h')).toEqual({ time: T0, open: '1.10000', high: '1.10300', low: '1.09900', close: '1.10200' })
  })

  it('ignores a repeated or older quote (a closed market\'s quote sent again)', () => {
    const book = createCandleBook()
    book.add([tick('1.10000', T0 + MINUTE)])
    book.add([tick('1.20000', T0 + MINUTE), tick('1.00000', T0)])
    expect(book.latest('EURUSD', '1m')).toEqual({ time: T0 + MINUTE, open: '1.10000', high: '1.10000', low: '1.10000', close: '1.10000' })
  })

  it('hands out the changed candles once drained, including one that closed since', () => {
    const book = createCandleBook()
    book.add([tick('1.1', T0)])
    // Recording starts with the first drain: a follower that never drains keeps nothing.
    expect(book.drain()).toEqual([])
    book.add([tick('1.2', T0 + 1000), tick('1.3', T0 + MINUTE)])
    const drained = book.drain().filter((c) => c.interval === '1m')
    expect(drained).toEqual([
      { symbol: 'EURUSD', interval: '1m', time: T0, open: '1.1', high: '1.2', low: '1.1', close: '1.2' },
      { symbol: 'EURUSD', interval: '1m', time: T0 + MINUTE, open: '1.3', high: '1.3', low: '1.3', close: '1.3' },
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
