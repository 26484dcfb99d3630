// Reads and writes the markets module's candle table (server/modules/markets/markets.table.ts). Only the leading
// process writes: the changed candles in multi-row upserts every few seconds (not one statement per tick and
// interval), and a simulated past where a chart would otherwise be empty.
import Decimal from 'decimal.js'
import { and, desc, eq, lt, sql } from 'drizzle-orm'
import type { Candle, CandleInterval } from '#contract/markets.ts'
import type { Ticker } from '#contract/socket.ts'
import type { Db } from '../db/client.ts'
import { marketCandles } from '../modules/markets/markets.table.ts'
import type { CatalogueInstrument } from './catalogue.ts'
import { bucketOf, INTERVALS, type SymbolCandle } from './candles.ts'
import { historyCandles } from './candles-history.ts'

/**
 * Rows per statement: 7 parameters each stays far below PostgreSQL's 65 535, and on PGlite (one connection) a chunk
 * takes about 0.1 s, so requests interleave with a long backfill instead of waiting for all of it.
 */
const CHUNK = 1000

/**
 * Upserts candles, many per statement. A candle already stored (by an earlier leader, or before a restart) keeps its
 * open and widens to the new high and low, so a change of leader mid-interval loses nothing; 'keep' leaves it as is.
 */
export async function saveCandles(db: Db, rows: SymbolCandle[], mode: 'merge' | 'keep' = 'merge') {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const insert = db.insert(marketCandles).values(rows.slice(i, i + CHUNK))
    if (mode === 'keep') await insert.onConflictDoNothing()
    else
      await insert.onConflictDoUpdate({
        target: [marketCandles.symbol, marketCandles.interval, marketCandles.time],
        set: {
          high: sql`GREATEST(market_candles.high, excluded.high)`,
          low: sql`LEAST(market_candles.low, excluded.low)`,
          close: sql`excluded.close`,
        },
      })
  }
}

/** The newest `limit` stored candles that start before `before`, oldest first. */
export async function readCandles(db: Db, symbol: string, interval: CandleInterval, before: number, limit: number): Promise<Candle[]> {
  const rows = await db
    .select({ time: marketCandles.time, open: marketCandles.open, high: marketCandles.high, low: marketCandles.low, close: marketCandles.close })
    .from(marketCandles)
    .where(and(eq(marketCandles.symbol, symbol), eq(marketCandles.interval, interval), lt(marketCandles.time, before)))
    .orderBy(desc(marketCandles.time))
    .limit(limit)
  return rows.reverse()
}

const textArray = (values: string[]) => sql`ARRAY[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`

/** Each symbol's last stored minute as a quote, so prices continue where they stopped after a restart. */
export async function storedQuotes(db: Db, instruments: readonly CatalogueInstrument[]): Promise<Ticker[]> {
  // One index lookup per symbol (LATERAL ... LIMIT 1) instead of scanning a table that grows by the minute.
  const result = (await db.execute(sql`
    SELECT s.symbol, c.close, c.time FROM unnest(${textArray(instruments.map((i) => i.symbol))}) AS s(symbol)
    CROSS JOIN LATERAL (SELECT close, time FROM market_candles m WHERE m.symbol = s.symbol AND m.interval = '1m'
      ORDER BY time DESC LIMIT 1) c`)) as unknown as { rows: Array<{ symbol: string; close: string; time: string | number }> }
  const spreads = new Map(instruments.map((i) => [i.symbol, i.spread]))
  const digits = new Map(instruments.map((i) => [i.symbol, i.digits]))
  return result.rows.map((row) => ({
    symbol: row.symbol,
    bid: row.close,
    ask: new Decimal(row.close).plus(spreads.get(row.symbol)!).toFixed(digits.get(row.symbol)),
    time: Number(row.time),
    simulated: true,
  }))
}

/**
 * For every symbol and interval without candles before the current interval, a simulated past that ends at the
 * symbol's current bid (or before its oldest stored candle). Returns how many candles it wrote.
 */
export async function backfillCandles(db: Db, instruments: readonly CatalogueInstrument[], bidOf: (i: CatalogueInstrument) => Decimal, now: number) {
  const pairs = instruments.flatMap((i) => INTERVALS.map((interval) => [i, interval] as const))
  const result = (await db.execute(sql`
    SELECT p.symbol, p.interval, c.time AS oldest FROM unnest(${textArray(pairs.map(([i]) => i.symbol))}, ${textArray(pairs.map(([, v]) => v))})
      AS p(symbol, interval)
    LEFT JOIN LATERAL (SELECT time FROM market_candles m WHERE m.symbol = p.symbol AND m.interval = p.interval
      ORDER BY time LIMIT 1) c ON true`)) as unknown as { rows: Array<{ symbol: string; interval: CandleInterval; oldest: string | number | null }> }
  const oldest = new Map(result.rows.map((row) => [`${row.symbol} ${row.interval}`, row.oldest === null ? null : Number(row.oldest)] as const))
  const rows: SymbolCandle[] = []
  for (const [instrument, interval] of pairs) {
    const first = oldest.get(`${instrument.symbol} ${interval}`) ?? null
    const current = bucketOf(interval, now)
    if (first !== null && first < current) continue
    rows.push(...historyCandles(instrument, interval, bidOf(instrument), first ?? current))
  }
  await saveCandles(db, rows, 'keep')
  return rows.length
}
