import { randomInt } from 'node:crypto'
import Decimal from 'decimal.js'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../test/helpers.ts'
import { instrumentBySymbol, type CatalogueInstrument } from './catalogue.ts'
import { backfillCandles, readCandles, saveCandles, storedQuotes } from './candles-store.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app?.close())

const NOW = Date.UTC(2026, 10, 25, 15, 7, 12)
// Symbols of their own, so runs against a shared PostgreSQL never see each other's candles.
const fresh = (like: string): CatalogueInstrument => ({ ...instrumentBySymbol(like)!, symbol: `T${randomInt(1e9)}` })

describe('candle store', () => {
  it('backfills an empty chart once, ending at the current bid, and pages back through it', async () => {
    const eur = fresh('EURUSD')
    expect(await backfillCandles(app.db, [eur], () => new Decimal('1.16494'), NOW)).toBe(5 * 300)
    expect(await backfillCandles(app.db, [eur], () => new Decimal('1.16494'), NOW + 60_000)).toBe(0)
    const latest = await readCandles(app.db, eur.symbol, '1m', NOW, 100)
    expect(latest).toHaveLength(100)
    expect(latest.at(-1)).toMatchObject({ time: Date.UTC(2026, 10, 25, 15, 6), close: '1.16494' })
    const older = await readCandles(app.db, eur.symbol, '1m', latest[0]!.time, 1000)
    expect(older).toHaveLength(200)
    expect(older.at(-1)!.time).toBe(latest[0]!.time - 60_000)
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
    const symbols = Array.from({ length: 10 }, () => fresh('AAPL'))
    const started = performance.now()
    expect(await backfillCandles(app.db, symbols, () => new Decimal('230'), NOW)).toBe(10 * 5 * 300)
    // 15 000 candles: a statement each would take far longer than this on either database.
    expect(performance.now() - started).toBeLessThan(10_000)
  })
})
