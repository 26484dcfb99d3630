// Reads and writes the markets module's candle table (server/modules/markets/markets.table.ts). The leading process
// writes the changed candles in multi-row upserts every few seconds (not one statement per tick and interval); any
// process may add the simulated past a chart asks for (extendHistory).
import Decimal from 'decimal.js'
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import type { Candle, CandleInterval } from '#contract/markets.ts'
import type { Ticker } from '#contract/socket.ts'
import type { Db } from '../db/client.ts'
import { marketCandles } from '../modules/markets/markets.table.ts'
import type { CatalogueInstrument } from './catalogue.ts'
import { bucketOf, INTERVAL_MS, type SymbolCandle } from './candles.ts'
import { historyCandles } from './candles-history.ts'

/**
 * Rows per statement: 8 parameters each stays far below PostgreSQL's 65 535, and on PGlite (one connection) a chunk
 * takes about 0.1 s, so requests interleave with a long backfill instead of waiting for all of it.
 */
const CHUNK = 1000

/**
 * Upserts candles, many per statement. A candle already stored (by an earlier leader, or before a restart) keeps its
 * open and widens to the new high and low, so a change of leader mid-interval loses nothing; 'keep' leaves it as is.
 * A candle's tick count is the number its builder heard so far, not the ticks since the last write: the larger of the
 * stored and the new count stays, so writing the live candle every flush never adds its ticks twice. (A process that
 * restarts mid-interval heard only part of that bar; its count then stays at the larger part.)
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
          ticks: sql`GREATEST(market_candles.ticks, excluded.ticks)`,
        },
      })
  }
}

const candleColumns = {
  time: marketCandles.time,
  open: marketCandles.open,
  high: marketCandles.high,
  low: marketCandles.low,
  close: marketCandles.close,
  ticks: marketCandles.ticks,
}

/** The newest `limit` stored candles that start before `before`, oldest first. */
export async function readCandles(db: Db, symbol: string, interval: CandleInterval, before: number, limit: number): Promise<Candle[]> {
  const rows = await db
    .select(candleColumns)
    .from(marketCandles)
    .where(and(eq(marketCandles.symbol, symbol), eq(marketCandles.interval, interval), lt(marketCandles.time, before)))
    .orderBy(desc(marketCandles.time))
    .limit(limit)
  return rows.reverse()
}

const textArray = (values: string[]) => sql`ARRAY[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`

/**
 * Each symbol's last stored minute as a quote, so prices continue where they stopped after a restart; with that day's
 * reference (the day candle's open bid plus half the spread: a mid, like the simulator's) so the day's change does too.
 */
export async function storedQuotes(db: Db, instruments: readonly CatalogueInstrument[]): Promise<Ticker[]> {
  // One index lookup per symbol (LATERAL ... LIMIT 1) instead of scanning a table that grows by the minute.
  const result = (await db.execute(sql`
    SELECT s.symbol, c.close, c.time, d.open AS day_open FROM unnest(${textArray(instruments.map((i) => i.symbol))}) AS s(symbol)
    CROSS JOIN LATERAL (SELECT close, time FROM market_candles m WHERE m.symbol = s.symbol AND m.interval = '1m'
      ORDER BY time DESC LIMIT 1) c
    LEFT JOIN market_candles d ON d.symbol = s.symbol AND d.interval = '1d' AND d.time = c.time - c.time % 86400000`)) as unknown as {
    rows: Array<{ symbol: string; close: string; time: string | number; day_open: string | null }>
  }
  const bySymbol = new Map(instruments.map((i) => [i.symbol, i]))
  return result.rows.map((row) => {
    const { spread, digits } = bySymbol.get(row.symbol)!
    const ticker: Ticker = { symbol: row.symbol, bid: row.close, ask: new Decimal(row.close).plus(spread).toFixed(digits), time: Number(row.time), simulated: true }
    if (row.day_open !== null) ticker.open = new Decimal(row.day_open).plus(new Decimal(spread).div(2)).toFixed(digits)
    return ticker
  })
}

/**
 * How long candles are kept (1d forever): about 100 000 one-minute candles a day across the catalogue would otherwise
 * pile up. Each is well past HISTORY_DEPTH intervals, so a pruned range is never made again as simulated past.
 */
export const KEEP_MS: Partial<Record<CandleInterval, number>> = {
  '1m': 7 * 86_400_000,
  '5m': 35 * 86_400_000,
  '15m': 100 * 86_400_000,
  '1h': 400 * 86_400_000,
}

/** Deletes candles older than KEEP_MS (of some symbols only, for tests on a shared database); answers how many went. */
export async function pruneCandles(db: Db, now: number, symbols?: string[]): Promise<number> {
  let total = 0
  for (const [interval, keep] of Object.entries(KEEP_MS)) {
    const gone = await db
      .delete(marketCandles)
      .where(and(eq(marketCandles.interval, interval as CandleInterval), lt(marketCandles.time, now - keep), symbols && inArray(marketCandles.symbol, symbols)))
      .returning({ time: marketCandles.time })
    total += gone.length
  }
  return total
}

/** History is made at most this many intervals back (1 000 days of daily candles, 1 000 minutes of 1m ones). */
export const HISTORY_DEPTH = 1000

/** The first stored candle that starts at `from` exactly (the oldest one a chart shows when it pages back). */
async function candleAt(db: Db, symbol: string, interval: CandleInterval, from: number): Promise<Candle | undefined> {
  const [row] = await db
    .select(candleColumns)
    .from(marketCandles)
    .where(and(eq(marketCandles.symbol, symbol), eq(marketCandles.interval, interval), eq(marketCandles.time, from)))
  return row
}

/**
 * Adds `count` candles of simulated past to a chart whose page before `to` came back short (`page`, oldest first):
 * before the page's oldest candle and ending at its open, so the line joins; on an empty page, before `to`'s
 * interval (or the current one), ending at the candle that starts there if one is stored, else at `currentBid`.
 * Made on demand: a first start writes nothing until someone opens a chart, and paging back always finds more,
 * down to HISTORY_DEPTH intervals. Any process may call it: the walk is deterministic and stored rows win.
 * Returns how many candles it wrote.
 */
export async function extendHistory(db: Db, instrument: CatalogueInstrument, interval: CandleInterval, page: Candle[], to: number, count: number, currentBid: Decimal, now: number) {
  let before: number
  let end: Decimal
  if (page.length > 0) {
    before = page[0]!.time
    end = new Decimal(page[0]!.open)
  } else {
    before = bucketOf(interval, Math.min(to, now))
    const next = await candleAt(db, instrument.symbol, interval, before)
    end = next ? new Decimal(next.open) : currentBid
  }
  const floor = bucketOf(interval, now) - HISTORY_DEPTH * INTERVAL_MS[interval]
  const rows = historyCandles(instrument, interval, end, before, count).filter((c) => c.time >= floor)
  await saveCandles(db, rows, 'keep')
  return rows.length
}
