import { randomInt } from 'node:crypto'
import Decimal from 'decimal.js'
import type { FastifyInstance } from 'fastify'
import type { Ticker } from '#contract/socket.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../test/helpers.ts'
import { instrumentBySymbol, type CatalogueInstrument } from './catalogue.ts'
import { createCandleBook } from './candles.ts'
import { extendHistory, HISTORY_DEPTH, pruneCandles, readCandles, saveCandles, storedQuotes } from './candles-store.ts'
import { historyCandles } from './candles-history.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app?.close())

const NOW = Date.UTC(2026, 10, 25, 15, 7, 12)
// Symbols of their own, so runs against a shared PostgreSQL never see each other's candles.
const fresh = (like: string): CatalogueInstrument => ({ ...instrumentBySymbol(like)!, symbol: `T${randomInt(1e9)}` })

describe('candle store', () => {
  it('makes an empty chart a past ending at the current bid, and extends it further back on demand', async () => {
    const eur = fresh('EURUSD')
    expect(await extendHistory(app.db, eur, '1m', [], NOW, 300, new Decimal('1.16494'), NOW)).toBe(300)
    const latest = await readCandles(app.db, eur.symbol, '1m', NOW, 100)
    expect(latest).toHaveLength(100)
    expect(latest.at(-1)).toMatchObject({ time: Date.UTC(2026, 10, 25, 15, 6), close: '1.16494' })
    expect(await readCandles(app.db, eur.symbol, '1m', latest[0]!.time, 1000)).toHaveLength(200)
    // Paging back past the oldest candle: more history, joined to it, never older than HISTORY_DEPTH intervals.
    const page = await readCandles(app.db, eur.symbol, '1m', NOW, 1000)
    expect(await extendHistory(app.db, eur, '1m', page, NOW, 1000, new Decimal('1.2'), NOW)).toBe(HISTORY_DEPTH - 300)
    const all = await readCandles(app.db, eur.symbol, '1m', NOW, 1000)
    expect(all).toHaveLength(HISTORY_DEPTH)
    expect(all[HISTORY_DEPTH - 301]!.close).toBe(page[0]!.open)
    expect(await extendHistory(app.db, eur, '1m', all, NOW, 1000, new Decimal('1.2'), NOW)).toBe(0)
    // An empty page further back (the app paging from the oldest candle it shows) joins that candle too.
    const more = { ...eur, symbol: fresh('EURUSD').symbol }
    await saveCandles(app.db, [{ symbol: more.symbol, interval: '1h', time: Date.UTC(2026, 10, 20, 10), open: '1.15000', high: '1.15000', low: '1.15000', close: '1.15000', ticks: 3 }])
    await extendHistory(app.db, more, '1h', [], Date.UTC(2026, 10, 20, 10), 5, new Decimal('1.2'), NOW)
    expect((await readCandles(app.db, more.symbol, '1h', NOW, 10)).map((c) => c.close).slice(-2)).toEqual(['1.15000', '1.15000'])
  })

  it('keeps one continuous past when two processes extend the same chart at once', async () => {
    const btc = fresh('BTCUSDT')
    const extend = () => extendHistory(app.db, btc, '1h', [], NOW, 50, new Decimal('95000'), NOW)
    await Promise.all([extend(), extend()])
    const candles = await readCandles(app.db, btc.symbol, '1h', NOW, 1000)
    // Both made the same 50: the walk is deterministic and stored rows win.
    expect(candles).toHaveLength(50)
    expect(candles.at(-1)).toMatchObject({ time: Date.UTC(2026, 10, 25, 14), close: '95000.00' })
    for (let i = 1; i < candles.length; i++) {
      expect(candles[i]!.time - candles[i - 1]!.time).toBe(3_600_000)
      expect(candles[i]!.open).toBe(candles[i - 1]!.close)
    }
  })

  it('merges a candle written twice: the first open stays, the range widens, the newest close wins', async () => {
    const { symbol } = fresh('BTCUSDT')
    const row = { symbol, interval: '1m' as const, time: NOW - (NOW % 60_000) }
    await saveCandles(app.db, [{ ...row, open: '100.00', high: '105.00', low: '99.00', close: '104.00', ticks: 30 }])
    // A new leader's candle for the same minute saw only part of it (and so fewer ticks: the larger count stays).
    await saveCandles(app.db, [{ ...row, open: '104.00', high: '104.50', low: '98.00', close: '98.50', ticks: 12 }])
    expect(await readCandles(app.db, symbol, '1m', NOW, 10)).toEqual([{ time: row.time, open: '100.00', high: '105.00', low: '98.00', close: '98.50', ticks: 30 }])
    const btc = { ...instrumentBySymbol('BTCUSDT')!, symbol }
    expect(await storedQuotes(app.db, [btc])).toEqual([{ symbol, bid: '98.50', ask: '108.50', time: row.time, simulated: true }])
    // With the day's candle, the quote carries the day's reference too: its open bid plus half the spread.
    await saveCandles(app.db, [{ symbol, interval: '1d', time: Date.UTC(2026, 10, 25), open: '90.00', high: '105.00', low: '90.00', close: '98.50', ticks: 50 }])
    expect(await storedQuotes(app.db, [btc])).toEqual([{ symbol, bid: '98.50', ask: '108.50', time: row.time, open: '95.00', simulated: true }])
  })

  it('stores the ticks a live candle heard, however often the leader writes it while it is open', async () => {
    const { symbol } = fresh('BTCUSDT')
    const book = createCandleBook()
    book.drain()
    const start = Date.UTC(2026, 10, 25, 15, 7)
    const tick = (bid: string, at: number): Ticker => ({ symbol, bid, ask: bid, time: start + at, simulated: true })
    // Seven ticks in the minute, the candle written after each batch (as the recorder flushes every 2 s).
    for (const batch of [[tick('100.00', 1000), tick('101.00', 2000)], [tick('100.50', 3000)], [tick('99.00', 4000), tick('99.50', 5000), tick('99.70', 6000)], [tick('99.80', 59_000)]]) {
      book.add(batch)
      await saveCandles(app.db, book.drain())
    }
    const minute = await readCandles(app.db, symbol, '1m', start + 60_000, 10)
    expect(minute).toEqual([{ time: start, open: '100.00', high: '101.00', low: '99.00', close: '99.80', ticks: 7 }])
    expect((await readCandles(app.db, symbol, '1h', start + 60_000, 10))[0]!.ticks).toBe(7)
    // A tick in the next minute opens a candle of one tick there; the hour's count goes on.
    book.add([tick('99.90', 61_000)])
    await saveCandles(app.db, book.drain())
    expect((await readCandles(app.db, symbol, '1m', start + 120_000, 10)).map((c) => c.ticks)).toEqual([7, 1])
    expect((await readCandles(app.db, symbol, '1h', start + 120_000, 10))[0]!.ticks).toBe(8)
  })

  it('gives the simulated past a tick volume', async () => {
    const eur = fresh('EURUSD')
    await extendHistory(app.db, eur, '5m', [], NOW, 50, new Decimal('1.16494'), NOW)
    const candles = await readCandles(app.db, eur.symbol, '5m', NOW, 100)
    expect(candles).toHaveLength(50)
    for (const c of candles) expect(Number.isInteger(c.ticks) && c.ticks >= 1 && c.ticks <= 300).toBe(true)
  })

  it('writes thousands of candles in few statements', async () => {
    const rows = Array.from({ length: 10 }, () => fresh('AAPL')).flatMap((i) => historyCandles(i, '5m', new Decimal('230'), NOW, 1000))
    const started = performance.now()
    await saveCandles(app.db, rows)
    // 10 000 candles: a statement each would take far longer than this on either database.
    expect(performance.now() - started).toBeLessThan(10_000)
    expect(await readCandles(app.db, rows[0]!.symbol, '5m', NOW, 1000)).toHaveLength(1000)
  })

  it('deletes minute candles after a week and keeps daily ones', async () => {
    const { symbol } = fresh('EURUSD')
    const DAY = 86_400_000
    const candle = (interval: '1m' | '1d', time: number) => ({ symbol, interval, time, open: '1.1', high: '1.1', low: '1.1', close: '1.1', ticks: 1 })
    await saveCandles(app.db, [candle('1m', NOW - 8 * DAY), candle('1m', NOW - 6 * DAY), candle('1d', NOW - 800 * DAY)])
    expect(await pruneCandles(app.db, NOW, [symbol])).toBe(1)
    expect((await readCandles(app.db, symbol, '1m', NOW, 10)).map((c) => c.time)).toEqual([NOW - 6 * DAY])
    expect(await readCandles(app.db, symbol, '1d', NOW, 10)).toHaveLength(1)
  })
})
