import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { isMarketOpen, nextOpen } from '#contract/trading-hours.ts'
import { instrumentBySymbol } from './catalogue.ts'
import { historyCandles, toDigits } from './candles-history.ts'

const NOW = Date.UTC(2026, 10, 25, 15, 7, 12)

describe('simulated candle history', () => {
  it('is the same every time, so a restart or a second process draws the same past', () => {
    const btc = instrumentBySymbol('BTCUSDT')!
    expect(historyCandles(btc, '1h', new Decimal('95000'), NOW)).toEqual(historyCandles(btc, '1h', new Decimal('95000'), NOW))
  })

  it('gives bars tick counts that vary, busier where the price moved further', () => {
    const candles = historyCandles(instrumentBySymbol('EURUSD')!, '1m', new Decimal('1.16494'), NOW)
    const ticks = candles.map((c) => c.ticks)
    expect(new Set(ticks).size).toBeGreaterThan(10)
    const range = (c: (typeof candles)[number]) => Number(c.high) - Number(c.low)
    const byRange = [...candles].sort((a, b) => range(a) - range(b))
    const mean = (cs: typeof candles) => cs.reduce((sum, c) => sum + c.ticks, 0) / cs.length
    expect(mean(byRange.slice(-100))).toBeGreaterThan(mean(byRange.slice(0, 100)))
  })

  it('ends at the current bid just before the current interval and joins each candle to the next', () => {
    const eur = instrumentBySymbol('EURUSD')!
    const candles = historyCandles(eur, '5m', new Decimal('1.16494'), NOW)
    expect(candles).toHaveLength(300)
    expect(candles.at(-1)).toMatchObject({ time: Date.UTC(2026, 10, 25, 15, 0), close: '1.16494' })
    for (let i = 1; i < candles.length; i++) {
      expect(candles[i]!.time).toBeGreaterThan(candles[i - 1]!.time)
      expect(candles[i]!.open).toBe(candles[i - 1]!.close)
    }
    for (const c of candles) {
      // A simulated tick volume: whole, at least one, at most one a second (the simulator's default pace).
      expect(Number.isInteger(c.ticks) && c.ticks >= 1 && c.ticks <= 300).toBe(true)
      expect(Decimal.max(c.open, c.close).lte(c.high) && Decimal.min(c.open, c.close).gte(c.low)).toBe(true)
      expect(c.open.split('.')[1]).toHaveLength(5)
      // Inside the simulator's band around the start price.
      expect(new Decimal(c.low).gte('0.932') && new Decimal(c.high).lte('1.398')).toBe(true)
    }
  })

  it('draws candles only where the market trades: stock hours on weekdays, no forex weekend', () => {
    const aapl = instrumentBySymbol('AAPL')!
    for (const c of historyCandles(aapl, '1h', new Decimal('230'), NOW)) {
      const open = isMarketOpen('us_equity', c.time) || (nextOpen('us_equity', c.time) ?? Infinity) < c.time + 3_600_000
      expect(open, new Date(c.time).toISOString()).toBe(true)
    }
    const days = historyCandles(instrumentBySymbol('EURUSD')!, '1d', new Decimal('1.16'), NOW).map((c) => new Date(c.time).getUTCDay())
    expect(days).not.toContain(6)
    expect(days.filter((d) => d === 0).length).toBeGreaterThan(0)
    const coins = historyCandles(instrumentBySymbol('BTCUSDT')!, '1d', new Decimal('95000'), NOW).map((c) => new Date(c.time).getUTCDay())
    expect(coins).toContain(6)
  })
})

it('writes a price with exactly the instrument digits', () => {
  expect(toDigits(1.164944, 5)).toBe('1.16494')
  expect(toDigits(1.164945001, 5)).toBe('1.16495')
  expect(toDigits(0.000123, 5)).toBe('0.00012')
  expect(toDigits(95000.004, 2)).toBe('95000.00')
  expect(toDigits(46000.06, 1)).toBe('46000.1')
  expect(toDigits(12.5, 0)).toBe('13')
})
