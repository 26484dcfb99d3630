// What an order must pass before any money moves: a known instrument, an open market, a quote, lots on the
// instrument's grid, an offered leverage, TP/SL on the right side (docs/trading.md). Each refusal is the
// AppError the caller sees, in their language.
import type { FastifyInstance } from 'fastify'
import type { PendingType, PriceMoved, Side } from '#contract/orders.ts'
import type { Ticker } from '#contract/socket.ts'
import { isMarketOpen } from '#contract/trading-hours.ts'
import { dec, MissingRateError, ratesFromQuotes, stopsValid, type Rates } from '#contract/trading-math.ts'
import { AppError } from '../../app-error.ts'
import { instrumentBySymbol, type CatalogueInstrument } from '../../market/catalogue.ts'

export function instrumentOf(symbol: string): CatalogueInstrument {
  const inst = instrumentBySymbol(symbol)
  if (!inst) throw new AppError(404, 'unknownSymbol', { symbol })
  return inst
}

export function requireOpenMarket(app: FastifyInstance, inst: CatalogueInstrument): void {
  if (!isMarketOpen(inst.hours, app.now())) throw new AppError(409, 'marketClosed', { symbol: inst.symbol })
}

export function requireQuote(app: FastifyInstance, symbol: string): Ticker {
  const quote = app.quotes.get(symbol)
  if (!quote) throw new AppError(409, 'noQuote', { symbol })
  return quote
}

/** Rates for converting into the margin currency, from every symbol's last quote. */
export const currentRates = (app: FastifyInstance): Rates => ratesFromQuotes(app.quotes.all())

/** Runs maths that may need a conversion no quote prices yet: that is a 409 noQuote, not a 500. */
export function withRates<T>(symbol: string, work: () => T): T {
  try {
    return work()
  } catch (error) {
    if (error instanceof MissingRateError) throw new AppError(409, 'noQuote', { symbol: `${symbol} (${error.currency})` })
    throw error
  }
}

export function checkTerms(inst: CatalogueInstrument, lots: string, leverage: number): void {
  const n = dec(lots)
  if (n.lt(inst.lotMin) || n.gt(inst.lotMax) || !n.minus(inst.lotMin).mod(inst.lotStep).isZero()) {
    throw new AppError(400, 'lotsOutOfRange', { symbol: inst.symbol, min: inst.lotMin, max: inst.lotMax, step: inst.lotStep })
  }
  if (!inst.leverages.includes(leverage)) {
    throw new AppError(400, 'leverageNotAllowed', { symbol: inst.symbol, leverage, allowed: inst.leverages.join(', ') })
  }
}

/** Buy: SL < price < TP; sell: TP < price < SL. `price` is where the position would close now, or the limit price. */
export function checkStops(side: Side, price: string, takeProfit?: string, stopLoss?: string): void {
  if (!stopsValid(side, price, takeProfit, stopLoss)) throw new AppError(400, 'unreasonableStops')
}

/**
 * A pending order waits on the right side of the market for its type (docs/trading.md, "Pending orders"): a buy limit
 * below the ask and a buy stop above it, a sell limit above the bid and a sell stop below it. One at or through the
 * price would fill at once at market, which the trader did not ask for: 400, naming the type that fits.
 */
export function checkPendingSide(type: PendingType, side: Side, price: string, quote: Ticker): void {
  const market = side === 'buy' ? quote.ask : quote.bid
  const above = dec(price).gt(market)
  const below = dec(price).lt(market)
  const waits = type === 'limit' ? (side === 'buy' ? below : above) : side === 'buy' ? above : below
  if (waits) return
  const key = type === 'limit' ? (side === 'buy' ? 'buyLimitNotBelowAsk' : 'sellLimitNotAboveBid') : side === 'buy' ? 'buyStopNotAboveAsk' : 'sellStopNotBelowBid'
  throw new AppError(400, key, { price, market })
}

/**
 * The fill must be within maxSlippage of the price the ticket showed; both are sent together or not at all. A fill
 * further away answers 409 with the current quote in `data` (PriceMoved), so the ticket re-prices in place.
 */
export function checkSlippage(side: Side, quote: Ticker, quotedPrice?: string, maxSlippage?: string): void {
  if (quotedPrice === undefined && maxSlippage === undefined) return
  if (quotedPrice === undefined || maxSlippage === undefined || dec(maxSlippage).isNeg()) throw new AppError(400, 'slippageIncomplete')
  const fill = side === 'buy' ? quote.ask : quote.bid
  if (dec(fill).minus(quotedPrice).abs().lte(maxSlippage)) return
  const data: PriceMoved = { symbol: quote.symbol, side, bid: quote.bid, ask: quote.ask, price: fill, quotedPrice, maxSlippage, time: quote.time }
  throw new AppError(409, 'priceMoved', { price: fill }, data)
}

/** Prices (limit, TP, SL) on the instrument's grid: at most `digits` decimals, never rounded for the user. */
export function checkPriceGrid(inst: CatalogueInstrument, prices: (string | undefined)[]): void {
  for (const price of prices) {
    if (price !== undefined && dec(price).decimalPlaces() > inst.digits) {
      throw new AppError(400, 'priceOffGrid', { symbol: inst.symbol, digits: inst.digits, price })
    }
  }
}

/**
 * Live money trades only on real prices: a simulated quote refuses a new live order (the app offers the demo book),
 * and so does a real feed silent for longer than feedStaleMs, until it ticks again. Closing is never refused here.
 */
export function requireRealQuote(app: FastifyInstance, book: 'demo' | 'live', quote: Ticker): void {
  if (book !== 'live') return
  if (quote.simulated) throw new AppError(409, 'liveNeedsRealFeed', { symbol: quote.symbol })
  const silentMs = app.now() - quote.time
  if (silentMs > app.conf.feedStaleMs) throw new AppError(409, 'feedStale', { symbol: quote.symbol, seconds: Math.floor(silentMs / 1000) })
}
