// Instruments, quotes, candles and favourites (docs/trading.md, docs/api.md "Markets"). The catalogue is data on the server
// (server/market/catalogue.ts); every count the app shows ("N+ cryptocurrencies") is computed from it.
import * as z from 'zod/mini'
import { Decimal, Millis, type Endpoint } from './endpoint.ts'
import { Ticker } from './socket.ts'

export const InstrumentClass = z.enum(['forex', 'crypto', 'stock', 'etf', 'futures'])
export type InstrumentClass = z.infer<typeof InstrumentClass>

/**
 * When an instrument trades, in UTC: '24x7' (crypto), '24x5' (forex: Sunday 22:00 to Friday 22:00), 'us_equity'
 * (stocks and ETF: Monday to Friday 14:30 to 21:00), 'futures' (Sunday 23:00 to Friday 22:00 with a daily break
 * 22:00 to 23:00). A closed market refuses orders (409 marketClosed).
 */
export const TradingHours = z.enum(['24x7', '24x5', 'us_equity', 'futures'])
export type TradingHours = z.infer<typeof TradingHours>

/** A symbol: upper-case letters and digits, as the catalogue writes it (EURUSD, BTCUSDT, AAPL). */
export const Symbol = z.string().check(z.regex(/^[A-Z0-9]{1,16}$/, 'symbol'))

export const Instrument = z.object({
  /** Stable numeric id (the product's "pid"). */
  pid: z.int(),
  symbol: Symbol,
  name: z.string(),
  class: InstrumentClass,
  /** Units per lot (forex 100 000, crypto 1, stocks 1, gold 100 ...). */
  contractSize: Decimal,
  digits: z.int(),
  /** Price units of one pip (EURUSD 0.0001, USDJPY 0.01). */
  pipSize: Decimal,
  lotMin: Decimal,
  lotMax: Decimal,
  lotStep: Decimal,
  /** Allowed leverages, ascending. */
  leverages: z.array(z.int()),
  /** The currency margin, fees and P/L are settled in (USDT on every book today). */
  marginCurrency: z.string(),
  /**
   * MT5's calculation mode: 'forex' margin = lots × contract size / leverage in the base currency, converted to the
   * margin currency; 'cfd' margin = lots × contract size × price / leverage.
   */
  marginMode: z.enum(['forex', 'cfd']),
  baseCurrency: z.string(),
  /** The currency prices are quoted in (and P/L is made in, before conversion to the margin currency). */
  quoteCurrency: z.string(),
  /** Fee charged on opening, as a fraction of the notional in the margin currency (0.0005 = 0.05 %). */
  feeRate: Decimal,
  /** Typical ask − bid in price units (the simulator's spread). */
  spread: Decimal,
  hours: TradingHours,
})
export type Instrument = z.infer<typeof Instrument>

/** An instrument with its last quote and whether its market is open now. */
export const InstrumentQuote = z.extend(Instrument, {
  quote: z.nullable(Ticker),
  isOpen: z.boolean(),
  /** When a closed market opens next (epoch ms), null when it is open. */
  nextOpen: z.nullable(Millis),
})
export type InstrumentQuote = z.infer<typeof InstrumentQuote>

export const CandleInterval = z.enum(['1m', '5m', '15m', '1h', '1d'])
export type CandleInterval = z.infer<typeof CandleInterval>

/**
 * A candle of bid prices (as MT5 draws them); `time` is the interval's start. `ticks` is its tick volume: how many
 * quote updates fell in it (the feed has no traded volume; a simulated past has simulated counts, docs/api.md).
 */
export const Candle = z.object({ time: Millis, open: Decimal, high: Decimal, low: Decimal, close: Decimal, ticks: z.int().check(z.gte(0)) })
export type Candle = z.infer<typeof Candle>

export const KlineQuery = z.object({
  symbol: Symbol,
  interval: CandleInterval,
  /** Candles that start before this time (paging back); default now. */
  to: z.optional(z.pipe(z.pipe(z.string().check(z.regex(/^\d{1,16}$/)), z.transform(Number)), Millis)),
  limit: z._default(z.coerce.number().check(z.refine(Number.isInteger), z.gte(1), z.lte(1000)), 300),
})
export type KlineQuery = z.infer<typeof KlineQuery>

export const IndexData = z.object({
  /** Instruments per class, computed from the catalogue. */
  counts: z.record(InstrumentClass, z.int()),
  /** Largest rise and fall against the opening price, with their last quotes. */
  gainers: z.array(Ticker),
  losers: z.array(Ticker),
  /** Symbols shown first on the home screen. */
  featured: z.array(Symbol),
})
export type IndexData = z.infer<typeof IndexData>

export const SymbolQuery = z.object({ code: Symbol })
export const PidQuery = z.object({ pid: z.pipe(z.pipe(z.string().check(z.regex(/^\d{1,9}$/)), z.transform(Number)), z.int()) })
export const CollectBody = z.object({ symbol: Symbol, collect: z.boolean() })

export const marketsApi = {
  /** The whole catalogue with last quotes (public; the app caches it). */
  getProdList: { method: 'GET', path: '/getProdList', data: z.array(InstrumentQuote), auth: false },
  getProdInfoByPid: { method: 'GET', path: '/getProdInfoByPid', query: PidQuery, data: InstrumentQuote, auth: false },
  getProdInfoByCode: { method: 'GET', path: '/getProdInfoByCode', query: SymbolQuery, data: InstrumentQuote, auth: false },
  getIndexDataV2: { method: 'GET', path: '/getIndexDataV2', data: IndexData, auth: false },
  getKline: { method: 'GET', path: '/getKline', query: KlineQuery, data: z.array(Candle), auth: false },
  /** Whether the caller has this symbol among their favourites. */
  checkUserCollect: { method: 'GET', path: '/checkUserCollect', query: SymbolQuery, data: z.object({ collected: z.boolean() }), auth: true },
  /** The caller's favourite symbols, in the order they were added. */
  getUserCollectList: { method: 'GET', path: '/getUserCollectList', data: z.array(Symbol), auth: true },
  /** Adds (collect: true) or removes a favourite; answers the list after the change. */
  userCollect: { method: 'POST', path: '/userCollect', body: CollectBody, data: z.array(Symbol), auth: true },
} as const satisfies Record<string, Endpoint>
