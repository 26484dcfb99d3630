// What the manage sheets show before anything is sent (docs/trading.md "Managing positions and orders"): the book's
// figures before and after, the P/L a close would realise and the stop-out price afterwards, with the same maths as
// the ticket (preview.ts, src/contract/trading-account.ts), so the sheet shows what the server will do. Pure.
import type { Decimal } from 'decimal.js'
import type { Order, TradeAccount } from '#contract/orders.ts'
import { splitMargin } from '#contract/position-split.ts'
import { bookFigures, type BookFigures, type BookInput } from '#contract/trading-account.ts'
import { stopOutPrice, type OpenPosition } from '#contract/stop-out-price.ts'
import { closePrice, dec, MissingRateError, profit, ratesFromQuotes, requiredMargin, stopsValid } from '#contract/trading-math.ts'
import { liveBook, liveProfit, type Market } from './preview.ts'

export type ManagePreview = {
  before: BookFigures
  after: BookFigures
  /** P/L the action realises (a close), else zero. */
  realised: Decimal
  /** The bid of `symbol` at which the book is stopped out afterwards; null when no price does. */
  stopOut: Decimal | null
}

type Held = { order: Order; margin: string }

/** The stop-out price of `symbol` for the book's positions as `held` leaves them (balance after the action). */
function stopOutAfter(balance: Decimal, held: Held[], symbol: string, market: Market, stopOutLevel: string): Decimal | null {
  const inst = market.instrument(symbol)
  if (!inst) return null
  const positions: OpenPosition[] = []
  for (const { order, margin } of held) {
    const instrument = market.instrument(order.symbol)
    if (!instrument || !order.openPrice) return null
    positions.push({ instrument, side: order.side, lots: order.lots, openPrice: order.openPrice, margin })
  }
  const quotes = new Map(market.quotes.map((q) => [q.symbol, q]))
  return stopOutPrice({ balance, positions, quotes, stopOutLevel, instrument: inst })
}

function guarded(work: () => ManagePreview): ManagePreview | null {
  try {
    return work()
  } catch (e) {
    if (e instanceof MissingRateError) return null
    throw e
  }
}

/** The book as it is: a TP/SL change moves no money; the stop-out price is the one the SL is compared with. */
export function stopsPreview(order: Order, account: TradeAccount, positions: readonly Order[], market: Market): ManagePreview | null {
  return guarded(() => {
    const before = bookFigures(liveBook(account, positions, market))
    const held = positions.map((p) => ({ order: p, margin: p.margin }))
    // A pending order is judged as if it had filled at its limit price, as the ticket judges it.
    if (order.kind === 'limit' && order.limitPrice) held.push({ order: { ...order, openPrice: order.limitPrice }, margin: order.margin })
    return { before, after: before, realised: dec('0'), stopOut: stopOutAfter(dec(account.balance), held, order.symbol, market, account.stopOutLevel) }
  })
}

/** Whether a stop loss lies beyond the stop-out price (the account would be stopped out first), as on the ticket. */
export function isBeyondStopOut(side: Order['side'], reference: Decimal, stopLoss: string | undefined, stopOut: Decimal | null, spread: Decimal): boolean {
  if (!stopLoss || !stopOut || !stopsValid(side, reference, undefined, stopLoss)) return false
  return side === 'buy' ? stopOut.lt(reference) && dec(stopLoss).lt(stopOut) : stopOut.gt(reference.minus(spread)) && dec(stopLoss).gt(stopOut.plus(spread))
}

/** Closing `lots` of `order`: its P/L at the close price now, its share of the margin released. */
export function partialPreview(order: Order, lots: string, account: TradeAccount, positions: readonly Order[], market: Market): ManagePreview | null {
  const inst = market.instrument(order.symbol)
  const quote = market.quote(order.symbol)
  if (!inst || !quote || !order.openPrice) return null
  return guarded(() => {
    const rates = ratesFromQuotes(market.quotes)
    const book = liveBook(account, positions, market)
    const price = closePrice(order.side, quote)
    const realised = profit(inst, order.side, lots, order.openPrice!, price, rates)
    const margin = splitMargin(inst, order.margin, order.lots, lots)
    const rest = dec(order.lots).minus(lots).toFixed()
    const kept = (p: Order) => (p.orderNo === order.orderNo ? { margin: margin.rest, profit: profit(inst, p.side, rest, p.openPrice!, price, rates) } : null)
    const after = bookFigures({
      ...book,
      available: dec(book.available).plus(margin.part).plus(realised),
      marginAccount: dec(book.marginAccount).minus(margin.part),
      positions: positions.map((p, i) => kept(p) ?? book.positions[i]!),
    })
    const held = positions.map((p) => ({ order: p.orderNo === order.orderNo ? { ...p, lots: rest } : p, margin: p.orderNo === order.orderNo ? margin.rest.toFixed() : p.margin }))
    return { before: bookFigures(book), after, realised, stopOut: stopOutAfter(after.balance, held, order.symbol, market, account.stopOutLevel) }
  })
}

/** Closing every position in `closing` (all of the book, or of one symbol) at the price each would close at now. */
export function closeAllPreview(closing: readonly Order[], account: TradeAccount, positions: readonly Order[], market: Market): ManagePreview | null {
  return guarded(() => {
    const rates = ratesFromQuotes(market.quotes)
    const book: BookInput = liveBook(account, positions, market)
    const gone = new Set(closing.map((o) => o.orderNo))
    let realised = dec('0')
    let released = dec('0')
    for (const o of closing) {
      realised = realised.plus(liveProfit(o, market, rates))
      released = released.plus(o.margin)
    }
    const after = bookFigures({
      ...book,
      available: dec(book.available).plus(released).plus(realised),
      marginAccount: dec(book.marginAccount).minus(released),
      positions: book.positions.filter((_, i) => !gone.has(positions[i]!.orderNo)),
    })
    const held = positions.filter((p) => !gone.has(p.orderNo)).map((p) => ({ order: p, margin: p.margin }))
    const symbol = held[0]?.order.symbol
    return { before: bookFigures(book), after, realised, stopOut: symbol ? stopOutAfter(after.balance, held, symbol, market, account.stopOutLevel) : null }
  })
}

/** A pending order at a new price and lots: the reservation at the new price instead of the old one. */
export function editLimitPreview(order: Order, price: string, lots: string, account: TradeAccount, positions: readonly Order[], market: Market): (ManagePreview & { margin: Decimal }) | null {
  const inst = market.instrument(order.symbol)
  if (!inst) return null
  let margin = dec('0')
  const preview = guarded(() => {
    margin = requiredMargin(inst, lots, order.leverage, price, ratesFromQuotes(market.quotes))
    const book = liveBook(account, positions, market)
    const after = bookFigures({ ...book, available: dec(book.available).plus(order.margin).minus(margin), marginAccount: dec(book.marginAccount).minus(order.margin).plus(margin) })
    const held = [...positions.map((p) => ({ order: p, margin: p.margin })), { order: { ...order, lots, openPrice: price }, margin: margin.toFixed() }]
    return { before: bookFigures(book), after, realised: dec('0'), stopOut: stopOutAfter(after.balance, held, order.symbol, market, account.stopOutLevel) }
  })
  return preview && { ...preview, margin }
}
