import { randomInt } from 'node:crypto'
import Decimal from 'decimal.js'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../test/helpers.ts'
import { instrumentBySymbol, type CatalogueInstrument } from './catalogue.ts'
import { extendHistory, HISTORY_DEPTH, readCandles, saveCandles, storedQuotes } from './candles-store.ts'
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
    expect(await extendHistory(app.db, eur, '1m', 300, new Decimal('1.16494'), NOW)).toBe(300)
    const latest = await readCandles(app.db, eur.symbol, '1m', NOW, 100)
    expect(latest).toHaveLength(100)
    expect(latest.at(-1)).toMatchObject({ time: Date.UTC(2026, 10, 25, 15, 6), close: '1.16494' })
    expect(await readCandles(app.db, eur.symbol, '1m', latest[0]!.time, 1000)).toHaveLength(200)
    // Paging back past the oldest candle: more history, joined to it, never older than HISTORY_DEPTH intervals.
    const oldest = (await readCandles(app.db, eur.symbol, '1m', NOW, 1000))[0]!
    expect(await extendHistory(app.db, eur, '1m', 1000, new Decimal('1.2'), NOW)).toBe(HISTORY_DEPTH - 300)
    const all = await readCandles(app.db, eur.symbol, '1m', NOW, 1000)
    expect(all).toHaveLength(HISTORY_DEPTH)
    expect(all[HISTORY_DEPTH - 301]!.close).toBe(oldest.open)
    expect(await extendHistory(app.db, eur, '1m', 1000, new Decimal('1.2'), NOW)).toBe(0)
  })

  it('writes the same past from any process: the walk is deterministic and stored candles win', async () => {
    const btc = fresh('BTCUSDT')
    const other = { ...instrumentBySymbol('BTCUSDT')!, symbol: btc.symbol }
    await Promise.all([extendHistory(app.db, btc, '1h', 50, new Decimal('95000'), NOW), extendHistory(app.db, other, '1h', 50, new Decimal('95000'), NOW)])
    const candles = await readCandles(app.db, btc.symbol, '1h', NOW, 1000)
    expect(candles).toHaveLength(50)
    expect(candles.at(-1)!.close).toBe('95000.00')
  })

  it('merges a candle written twice: the first open stays, the range widens, the newest close wins', async () => {
    const { symbol } = fresh('BTCUSDT')
    const row = { symbol, interval: '1m' as const, time: NOW - (NOW % 60_000) }
    await saveCandles(app.db, [{ ...row, open: '100.00', high: '105.00', low: '99.00', close: '104.00' }])
    // A new leader's candle for the same minute saw only part of it.
    await saveCandles(app.db, [{ ...row, open: '104.00', high: '104.50', low: '98.00', close: '98.50' }])
    expect(await readCandles(app.db, symbol, '1m', NOW, 10)).toEqual([{ time: row.time, open: '100.00', high: '105.00', low: '98.00', close: '98.50' }])
    const [quote] = await storedQuotes(app.db, [{ ...instrumentBySymbol('BTCUSDT')!, symbol }])
    expect(quote).toEqual({ symbol, bid: '98.50', ask: '108.50', time: row.time, simulated: true })
  })

  it('writes thousands of candles in few statements', async () => {
    const rows = Array.from({ length: 10 }, () => fresh('AAPL')).flatMap((i) => historyCandles(i, '5m', new Decimal('230'), NOW, 1000))
    const started = performance.now()
    await saveCandles(app.db, rows)
    // 10 000 candles: a statement each would take far longer than this on either database.
    expect(performance.now() - started).toBeLessThan(10_000)
    expect(await readCandles(app.db, rows[0]!.symbol, '5m', NOW, 1000)).toHaveLength(1000)
  })
})
