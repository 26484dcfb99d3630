// MetaTrader 5 trading maths (docs/trading.md), shared by the order ticket and the server so both show and
// charge the same numbers. Exact decimals only: every value is a decimal.js Decimal at 40 significant digits (a
// notional of 10^5 lots × 10^5 units × 10^5 price with 18 decimals still fits), and a test refuses floating point in
// this file (and in stop-out-price.ts). Money results are rounded once, at the end, to the settlement currency's
// ledger scale:
// - margin and fee round UP (the house never under-reserves, and the fee shown on the ticket is the fee charged);
// - P/L rounds HALF-EVEN: symmetric (a long and a short mirror each other to the last unit, and profit(a→b) =
//   −profit(b→a)) and unbiased over many trades, so neither the user nor the house drifts ahead by rounding.
// The stop-out price, built on these formulas, is stop-out-price.ts.
import { Decimal } from 'decimal.js'
import type { Instrument } from './markets.ts'
import type { Side } from './orders.ts'

/** The Decimal class these formulas compute with (40 significant digits, half-even). Use it for further maths. */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN })
export type Dec = Decimal
/** A decimal input: a Decimal or a decimal string as the contract carries them (never a JS number). */
export type Num = Decimal | string

/** The instrument fields the maths reads (the contract's Instrument has them all). */
export type MathInstrument = Pick<
  Instrument,
  'symbol' | 'contractSize' | 'digits' | 'pipSize' | 'marginMode' | 'baseCurrency' | 'quoteCurrency' | 'feeRate' | 'marginCurrency'
>

/** A bid/ask pair (a socket Ticker fits). */
export type Quote = { bid: Num; ask: Num }

/** Quotes by symbol: a Map, or anything that looks a symbol up. */
export type QuoteBook = { get(symbol: string): Quote | undefined }
const isQuoteList = (q: readonly (Quote & { symbol: string })[] | QuoteBook): q is readonly (Quote & { symbol: string })[] => Array.isArray(q)

/** Value of one unit of a currency in the margin currency (USDT), or null when no quote prices it. */
export type Rates = (currency: string) => Decimal | null

/** Currencies worth exactly one unit of the margin currency: USDT is settled as USD. */
const DOLLARS = new Set(['USD', 'USDT', 'USDC'])

/** Decimals an amount may carry in the ledger (server/db/migrations 0008 currencies table). */
const LEDGER_SCALE: Record<string, number> = { USDT: 6, USDC: 6, BTC: 8, ETH: 18 }
export const moneyScale = (currency: string): number => LEDGER_SCALE[currency] ?? 6

/** Thrown when a conversion needs a currency no quote prices; the server answers it as a 409, the ticket shows "—". */
export class MissingRateError extends Error {
  readonly currency: string
  constructor(currency: string) {
    super(`no rate for ${currency}`)
    this.currency = currency
  }
}

export const dec = (v: Num): Decimal => new Dec(v)
const ONE = new Dec(1)
const HUNDRED = new Dec(100)

/** Mid price of a quote. */
export const mid = (q: Quote): Decimal => dec(q.bid).plus(q.ask).div(2)

/**
 * Rates from the mid prices of quoted pairs: dollars are 1; a currency C is priced by C/USD or C/USDT (EURUSD,
 * BTCUSDT) or by the inverse of USD/C (USDJPY → JPY = 1 / mid). Quotes are looked up lazily, so a Map may change
 * between calls.
 */
export function ratesFromQuotes(quotes: readonly (Quote & { symbol: string })[] | QuoteBook): Rates {
  const book: QuoteBook = isQuoteList(quotes) ? new Map(quotes.map((q) => [q.symbol, q])) : quotes
  return (currency) => {
    if (isDollar(currency)) return ONE
    for (const pair of ratePairs(currency)) {
      const quote = book.get(pair.symbol)
      if (quote) return pair.inverse ? ONE.div(mid(quote)) : mid(quote)
    }
    return null
  }
}

export const isDollar = (currency: string): boolean => DOLLARS.has(currency)

/** The pairs that can price a currency, in the order ratesFromQuotes tries them (the engine watches the same). */
export const ratePairs = (currency: string): { symbol: string; inverse: boolean }[] =>
  ['USD', 'USDT'].flatMap((usd) => [{ symbol: currency + usd, inverse: false }, { symbol: usd + currency, inverse: true }])

const rate = (rates: Rates, currency: string): Decimal => {
  const r = rates(currency)
  if (r === null) throw new MissingRateError(currency)
  return dec(r)
}

/** Rounds up (away from zero) to the currency's ledger scale: what the house charges is never under-counted. */
export const roundUp = (v: Decimal, currency: string) => v.toDecimalPlaces(moneyScale(currency), Decimal.ROUND_UP)
const roundEven = (v: Decimal, currency: string) => v.toDecimalPlaces(moneyScale(currency), Decimal.ROUND_HALF_EVEN)

/** Buys open at the ask, sells at the bid. */
export const openPrice = (side: Side, q: Quote): Decimal => dec(side === 'buy' ? q.ask : q.bid)
/** Buys close at the bid, sells at the ask. */
export const closePrice = (side: Side, q: Quote): Decimal => dec(side === 'buy' ? q.bid : q.ask)

/** +1 for a buy, −1 for a sell. */
const sign = (side: Side) => (side === 'buy' ? ONE : ONE.neg())

/** Smallest price step: 10^−digits. */
export const tickSize = (inst: Pick<MathInstrument, 'digits'>): Decimal => new Dec(10).pow(-inst.digits)

/**
 * Value of one unit of the base currency in the margin currency, for forex-mode margin. For the instrument's own
 * pair (quote currency is dollars: EURUSD, XAUUSD) that is the order price itself, so 1 lot EURUSD at 1.16640 × 500
 * reserves exactly 233.28; a dollar base (USDJPY) is 1; a cross (EURGBP) uses the base's own rate, as MT5 does.
 */
function baseRate(inst: MathInstrument, price: Decimal, rates: Rates): Decimal {
  if (isDollar(inst.quoteCurrency)) return price
  const base = rates(inst.baseCurrency)
  return base === null ? price.times(rate(rates, inst.quoteCurrency)) : dec(base)
}

/** Notional (lots × contract size × price) in the margin currency, unrounded. */
export const notional = (inst: MathInstrument, lots: Num, price: Num, rates: Rates): Decimal =>
  dec(lots).times(inst.contractSize).times(price).times(rate(rates, inst.quoteCurrency))

/**
 * Margin a position holds. forex: lots × contract size / leverage in the base currency, converted; cfd: lots ×
 * contract size × price / leverage in the quote currency, converted. Rounded up to the margin currency's scale.
 */
export function requiredMargin(inst: MathInstrument, lots: Num, leverage: number, price: Num, rates: Rates): Decimal {
  // Dividing last keeps every exact product exact, so the rounding up never sees a division's last-digit noise.
  const p = dec(price)
  const raw =
    inst.marginMode === 'forex'
      ? dec(lots).times(inst.contractSize).times(baseRate(inst, p, rates)).div(leverage)
      : notional(inst, lots, p, rates).div(leverage)
  return roundUp(raw, inst.marginCurrency)
}

/** Opening fee: fee rate × notional in the margin currency, rounded up. */
export const fee = (inst: MathInstrument, lots: Num, price: Num, rates: Rates): Decimal =>
  roundUp(notional(inst, lots, price, rates).times(inst.feeRate), inst.marginCurrency)

/**
 * P/L in the margin currency: buy (close − open) × contract size × lots, sell the reverse, made in the quote
 * currency and converted with `rates` of the closing moment. Rounded half-even.
 */
export function profit(inst: MathInstrument, side: Side, lots: Num, open: Num, close: Num, rates: Rates): Decimal {
  const quote = dec(close).minus(open).times(sign(side)).times(inst.contractSize).times(lots)
  return roundEven(quote.times(rate(rates, inst.quoteCurrency)), inst.marginCurrency)
}

/** Signed pips won (positive) or lost: price difference in the position's favour / pip size. Exact. */
export const pips = (inst: Pick<MathInstrument, 'pipSize'>, side: Side, open: Num, close: Num): Decimal =>
  dec(close).minus(open).times(sign(side)).div(inst.pipSize)

export type AccountState = { equity: Decimal; margin: Decimal; freeMargin: Decimal; marginLevel: Decimal | null }

/**
 * equity = balance + floating P/L; free margin = equity − margin; margin level = equity / margin × 100 (null with
 * no margin in use). The level is exact (not rounded): stop-out decisions compare it, the screens format it.
 */
export function account(a: { balance: Num; positions: readonly { margin: Num; profit: Num }[] }): AccountState {
  let equity = dec(a.balance)
  let margin = new Dec(0)
  for (const p of a.positions) {
    equity = equity.plus(p.profit)
    margin = margin.plus(p.margin)
  }
  return { equity, margin, freeMargin: equity.minus(margin), marginLevel: margin.isZero() ? null : equity.div(margin).times(HUNDRED) }
}

/** Stop-out (or margin call) applies strictly below the level (docs/trading.md: "below STOP_OUT_LEVEL"). */
export const isBelowLevel = (marginLevel: Decimal | null, level: Num): boolean => marginLevel !== null && marginLevel.lt(level)

/**
 * Whether TP and SL sit on the right side: buy SL < price < TP, sell TP < price < SL. `price` is the price the
 * position would close at now (bid for a buy, ask for a sell: closePrice) for a market order, so a valid TP/SL never
 * triggers on the tick it is set; for a limit order it is the limit price. Else the server answers
 * 'unreasonable price setting for stop profit and stop loss'.
 */
export function stopsValid(side: Side, price: Num, takeProfit?: Num | null, stopLoss?: Num | null): boolean {
  const p = dec(price)
  const s = sign(side)
  if (takeProfit != null && !dec(takeProfit).minus(p).times(s).gt(0)) return false
  if (stopLoss != null && !p.minus(stopLoss).times(s).gt(0)) return false
  return true
}

/** P/L of a position if it closed at `price` (a TP or SL typed as a price), with today's conversion rate. */
export const profitAtPrice = profit

/**
 * The close price at which a position makes `amount` (a TP typed as a P/L, or an SL as a negative one), rounded to
 * the nearest tick; null when no positive price gives it (a buy cannot lose more than its price). Uses the same
 * rates as profitAtPrice, so typing a price, reading its P/L and typing that P/L back lands on the same tick.
 */
export function priceForProfit(inst: MathInstrument, side: Side, lots: Num, open: Num, amount: Num, rates: Rates): Decimal | null {
  const perPrice = dec(lots).times(inst.contractSize).times(rate(rates, inst.quoteCurrency))
  if (perPrice.isZero()) return null
  const price = dec(open).plus(dec(amount).div(perPrice).times(sign(side))).toDecimalPlaces(inst.digits, Decimal.ROUND_HALF_EVEN)
  return price.gt(0) ? price : null
}

/** A P/L as a percentage of the position's margin (two decimals), as the ticket shows it; null without margin. */
export const percentOfMargin = (amount: Num, margin: Num): Decimal | null =>
  dec(margin).isZero() ? null : dec(amount).div(margin).times(HUNDRED).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN)

/** The P/L a percentage of margin stands for, at the margin currency's scale. */
export const profitForPercent = (percent: Num, margin: Num, currency: string): Decimal =>
  roundEven(dec(margin).times(percent).div(HUNDRED), currency)
