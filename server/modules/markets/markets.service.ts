// The catalogue with live quotes and open/closed state, the home screen's figures, candles (stored plus the live one
// this process is building) and each user's favourites.
import Decimal from 'decimal.js'
import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Candle, IndexData, Instrument, InstrumentClass, InstrumentQuote, KlineQuery } from '#contract/markets.ts'
import type { Ticker } from '#contract/socket.ts'
import { isMarketOpen, nextOpen } from '#contract/trading-hours.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { extendHistory, readCandles } from '../../market/candles-store.ts'
import { featuredSymbols, instrumentByPid, instrumentBySymbol, instruments, type CatalogueInstrument } from '../../market/catalogue.ts'
import { marketFavourites } from './markets.table.ts'

/** How many rises and falls the home screen lists. */
const MOVERS = 5

/** The contract's Instrument without the simulator's own fields (start, volatility). */
function publicInstrument({ start: _start, volatility: _volatility, ...instrument }: CatalogueInstrument): Instrument {
  return instrument
}

export function withQuote(app: FastifyInstance, instrument: CatalogueInstrument): InstrumentQuote {
  const now = app.now()
  return {
    ...publicInstrument(instrument),
    quote: app.quotes.get(instrument.symbol) ?? null,
    isOpen: isMarketOpen(instrument.hours, now),
    nextOpen: nextOpen(instrument.hours, now),
  }
}

export const productList = (app: FastifyInstance) => instruments.map((i) => withQuote(app, i))

export function productBySymbol(app: FastifyInstance, symbol: string) {
  const instrument = instrumentBySymbol(symbol)
  if (!instrument) throw new AppError(404, 'marketUnknownSymbol', { symbol })
  return withQuote(app, instrument)
}

export function productByPid(app: FastifyInstance, pid: number) {
  const instrument = instrumentByPid(pid)
  if (!instrument) throw new AppError(404, 'marketUnknownPid', { pid })
  return withQuote(app, instrument)
}

/** Relative change of the mid against the quote's opening reference; null without one. */
function changeOf(t: Ticker): Decimal | null {
  if (t.open === undefined || new Decimal(t.open).isZero()) return null
  return new Decimal(t.bid).plus(t.ask).div(2).div(t.open).minus(1)
}

export function indexData(app: FastifyInstance): IndexData {
  const counts = { forex: 0, crypto: 0, stock: 0, etf: 0, futures: 0 } satisfies Record<InstrumentClass, number>
  for (const instrument of instruments) counts[instrument.class]++
  const moves = instruments
    .map((i) => app.quotes.get(i.symbol))
    .flatMap((t) => {
      const change = t && changeOf(t)
      return t && change ? [{ t, change }] : []
    })
    .sort((a, b) => b.change.comparedTo(a.change) || a.t.symbol.localeCompare(b.t.symbol))
  return {
    counts,
    gainers: moves.filter((m) => m.change.gt(0)).slice(0, MOVERS).map((m) => m.t),
    losers: moves.filter((m) => m.change.lt(0)).reverse().slice(0, MOVERS).map((m) => m.t),
    featured: featuredSymbols,
  }
}

/**
 * Stored candles before `to`, with the live candle this process is building merged in (it may not be flushed yet).
 * A short page first gets a simulated past (extendHistory), so a chart is never empty and paging back finds more.
 */
export async function klines(app: FastifyInstance, query: KlineQuery): Promise<Candle[]> {
  const instrument = instrumentBySymbol(query.symbol)
  if (!instrument) throw new AppError(404, 'marketUnknownSymbol', { symbol: query.symbol })
  const now = app.now()
  const to = query.to ?? now + 1
  const live = app.candles.latest(query.symbol, query.interval)
  let candles = await readCandles(app.db, query.symbol, query.interval, to, query.limit)
  if (candles.length < query.limit) {
    // An empty chart's past ends where the live candle (or else the last quote) starts, so the line joins.
    const bid = live?.open ?? app.quotes.get(query.symbol)?.bid ?? new Decimal(instrument.start).minus(new Decimal(instrument.spread).div(2)).toFixed(instrument.digits)
    if ((await extendHistory(app.db, instrument, query.interval, candles, to, query.limit, new Decimal(bid), now)) > 0) {
      candles = await readCandles(app.db, query.symbol, query.interval, to, query.limit)
    }
  }
  if (!live || live.time >= to) return candles
  const last = candles.at(-1)
  if (last?.time === live.time) {
    // The stored row has the interval's true open (maybe from an earlier leader); the live one its newest close.
    candles[candles.length - 1] = {
      time: live.time,
      open: last.open,
      // The strings themselves, so prices keep the instrument's digits ('2.3200', not '2.32').
      high: new Decimal(live.high).gt(last.high) ? live.high : last.high,
      low: new Decimal(live.low).lt(last.low) ? live.low : last.low,
      close: live.close,
      // Both counts are of the same interval (neither is a part to add): the larger one heard more of it.
      ticks: Math.max(live.ticks, last.ticks),
    }
  } else if (!last || last.time < live.time) {
    candles.push(live)
    if (candles.length > query.limit) candles.shift()
  }
  return candles
}

export async function favourites(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ symbol: marketFavourites.symbol }).from(marketFavourites).where(eq(marketFavourites.userId, userId)).orderBy(asc(marketFavourites.seq))
  return rows.map((r) => r.symbol)
}

export async function isFavourite(db: Db, userId: string, symbol: string) {
  if (!instrumentBySymbol(symbol)) throw new AppError(404, 'marketUnknownSymbol', { symbol })
  const rows = await db.select({ symbol: marketFavourites.symbol }).from(marketFavourites).where(and(eq(marketFavourites.userId, userId), eq(marketFavourites.symbol, symbol)))
  return rows.length > 0
}

/** Adds or removes a favourite; adding twice or removing what is absent changes nothing. Answers the list after. */
export async function setFavourite(db: Db, userId: string, symbol: string, collect: boolean) {
  if (!instrumentBySymbol(symbol)) throw new AppError(404, 'marketUnknownSymbol', { symbol })
  if (collect) await db.insert(marketFavourites).values({ userId, symbol }).onConflictDoNothing()
  else await db.delete(marketFavourites).where(and(eq(marketFavourites.userId, userId), eq(marketFavourites.symbol, symbol)))
  return favourites(db, userId)
}
