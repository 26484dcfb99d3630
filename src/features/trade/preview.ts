// What the order ticket shows, recomputed on every keystroke with the shared MT5 maths (src/contract/trading-math.ts),
// so the ticket shows what the server will charge. Pure: the ticket hands in the instrument, the quotes, the account
// and the open positions; tests hand in hand-worked examples.
import type { Decimal } from 'decimal.js'
import type { Instrument } from '#contract/markets.ts'
import type { Order, Side, TradeAccount } from '#contract/orders.ts'
import type { Ticker } from '#contract/socket.ts'
import { afterOpen, bookFigures, canPay, type BookFigures, type BookInput } from '#contract/trading-account.ts'
import { stopOutPrice, type OpenPosition } from '#contract/stop-out-price.ts'
import { MissingRateError, closePrice, dec, fee, openPrice, profit, ratesFromQuotes, requiredMargin, stopsValid, type Rates } from '#contract/trading-math.ts'

export type TicketForm = {
  side: Side
  lots: string
  leverage: number
  /** Limit mode: the price the order waits for; undefined for a market order. */
  limitPrice?: string
  takeProfit?: string
  stopLoss?: string
}

/** The book's figures as the ticket and the account screen show them (src/contract/trading-account.ts). */
export type Level = BookFigures

export type Preview = {
  /** The price the order opens at: ask (buy) or bid (sell) now, or the limit price. */
  price: Decimal
  /** The price TP and SL are measured against: the close price now, or the limit price. */
  reference: Decimal
  margin: Decimal
  fee: Decimal
  before: Level
  after: Level
  /** The bid at which this account reaches stop-out with the order open; null when no price does. */
  stopOut: Decimal | null
  stopsValid: boolean
  takeProfitValid: boolean
  stopLossValid: boolean
  /** The SL lies beyond the stop-out price: the account would be stopped out before the SL closes it. */
  stopLossBeyondStopOut: boolean
  isAffordable: boolean
}

export type Market = { instrument: (symbol: string) => Instrument | undefined; quote: (symbol: string) => Ticker | undefined; quotes: Ticker[] }

const isPositive = (v: string | undefined): v is string => !!v && /^\d*\.?\d+$|^\d+\.$/.test(v) && dec(v).gt(0)

/** Live P/L of an open position at the current quote, or the server's figure without a quote or a rate. */
export function liveProfit(order: Order, market: Market, rates: Rates): Decimal {
  const inst = market.instrument(order.symbol)
  const q = market.quote(order.symbol)
  if (!inst || !q || !order.openPrice) return dec(order.profit)
  try {
    return profit(inst, order.side, order.lots, order.openPrice, closePrice(order.side, q), rates)
  } catch (e) {
    if (e instanceof MissingRateError) return dec(order.profit)
    throw e
  }
}

/** The book at the live quotes, as the server's checks and the engine compute it: the ledger's cash and margin
 * account from the server, every open position's P/L at the current quote. */
export function liveBook(account: TradeAccount, positions: readonly Order[], market: Market): BookInput {
  const rates = ratesFromQuotes(market.quotes)
  return {
    available: account.available,
    marginAccount: dec(account.balance).minus(account.available),
    positions: positions.map((p) => ({ margin: p.margin, profit: liveProfit(p, market, rates) })),
    floatingInFree: account.floatingInFreeMargin,
  }
}

/** The account's figures at the live quotes. */
export const liveLevel = (account: TradeAccount, positions: readonly Order[], market: Market): Level => bookFigures(liveBook(account, positions, market))

/** Open positions as the stop-out search needs them; null when one of their instruments is unknown. */
function openPositions(positions: readonly Order[], market: Market): OpenPosition[] | null {
  const out: OpenPosition[] = []
  for (const p of positions) {
    const instrument = market.instrument(p.symbol)
    if (!instrument || !p.openPrice) return null
    out.push({ instrument, side: p.side, lots: p.lots, openPrice: p.openPrice, margin: p.margin })
  }
  return out
}

/** Null while the lots (or the limit price) are not a positive number yet, or no quote or rate prices the order. */
export function previewOrder(inst: Instrument, form: TicketForm, account: TradeAccount, positions: readonly Order[], market: Market): Preview | null {
  const quote = market.quote(inst.symbol)
  if (!quote || !isPositive(form.lots)) return null
  if (form.limitPrice !== undefined && !isPositive(form.limitPrice)) return null
  try {
    const rates = ratesFromQuotes(market.quotes)
    const price = form.limitPrice !== undefined ? dec(form.limitPrice) : openPrice(form.side, quote)
    const reference = form.limitPrice !== undefined ? price : closePrice(form.side, quote)
    const margin = requiredMargin(inst, form.lots, form.leverage, price, rates)
    const orderFee = fee(inst, form.lots, price, rates)
    const book = liveBook(account, positions, market)
    const before = bookFigures(book)
    // What the server takes now: a market order pays margin and fee; a limit order reserves its margin and pays
    // its fee at the fill. "After" shows the position once open, worth its spread less at the close price.
    const needed = form.limitPrice !== undefined ? margin : margin.plus(orderFee)
    const opened = form.limitPrice !== undefined ? dec('0') : profit(inst, form.side, form.lots, price, closePrice(form.side, quote), rates)
    const after = afterOpen(book, margin.plus(orderFee), margin, opened)
    const open = openPositions(positions, market)
    const quotes = new Map(market.quotes.map((q) => [q.symbol, q]))
    // A limit order is previewed as if it opened now: the stop-out price is for the account once it fills.
    const stopOut = open
      ? stopOutPrice({ balance: account.balance, positions: open, quotes, stopOutLevel: account.stopOutLevel, instrument: inst, order: { instrument: inst, side: form.side, lots: form.lots, leverage: form.leverage } })
      : null
    const tp = isPositive(form.takeProfit) ? form.takeProfit : undefined
    const sl = isPositive(form.stopLoss) ? form.stopLoss : undefined
    const takeProfitValid = stopsValid(form.side, reference, tp, undefined)
    const stopLossValid = stopsValid(form.side, reference, undefined, sl)
    // The stop-out price is a bid; a sell's SL is compared with the ask, a spread above it.
    const spread = dec(quote.ask).minus(quote.bid)
    const stopLossBeyondStopOut =
      sl !== undefined && stopOut !== null && stopLossValid &&
      (form.side === 'buy' ? stopOut.lt(reference) && dec(sl).lt(stopOut) : stopOut.gt(reference.minus(spread)) && dec(sl).gt(stopOut.plus(spread)))
    return {
      price, reference, margin, fee: orderFee, before, after, stopOut,
      stopsValid: takeProfitValid && stopLossValid, takeProfitValid, stopLossValid, stopLossBeyondStopOut,
      isAffordable: canPay(before, needed),
    }
  } catch (e) {
    if (e instanceof MissingRateError) return null
    throw e
  }
}

/** Why these lots cannot be sent: below the minimum, above the maximum, or not a whole number of steps. */
export function lotsProblem(inst: Pick<Instrument, 'lotMin' | 'lotMax' | 'lotStep'>, lots: string): 'range' | 'step' | null {
  if (!isPositive(lots)) return 'range'
  const v = dec(lots)
  if (v.lt(inst.lotMin) || v.gt(inst.lotMax)) return 'range'
  return v.minus(inst.lotMin).mod(inst.lotStep).isZero() ? null : 'step'
}

/** Whether the price moved further from the quoted one than the user accepted (the ticket then re-quotes). */
export const movedBeyond = (quoted: Decimal, now: Decimal, slippage: string): boolean =>
  now.minus(quoted).abs().gt(isPositive(slippage) || slippage === '0' ? slippage : 0)
