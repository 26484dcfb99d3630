// Contract (market) orders, limit orders and the trading account (docs/trading.md, docs/api.md "Orders").
// Every call acts on the caller's current book (demo or live). Opening, closing and cancelling move money through the
// ledger and take an Idempotency-Key. The maths is in trading-math.ts, shared by the ticket and the server.
import * as z from 'zod/mini'
import { AccountType } from './auth.ts'
import { Decimal, Int8Id, Millis, Page, PositiveDecimal, pageOf, type Endpoint } from './endpoint.ts'
import { Symbol } from './markets.ts'

export const Side = z.enum(['buy', 'sell'])
export type Side = z.infer<typeof Side>

/** A positive decimal (lots, prices). */
const Positive = PositiveDecimal

const OrderFields = {
  symbol: Symbol,
  side: Side,
  lots: Positive,
  leverage: z.int().check(z.gte(1), z.lte(1000)),
  takeProfit: z.optional(Positive),
  stopLoss: z.optional(Positive),
}

export const CreateContractOrder = z.object({
  ...OrderFields,
  /**
   * The price the ticket showed (ask for a buy, bid for a sell) and how far the fill may move from it, in price
   * units. When the fill would be further away the server answers 409 priceMoved and opens nothing: the ticket
   * re-quotes. Both optional together (an API client may take any price).
   */
  quotedPrice: z.optional(Positive),
  maxSlippage: z.optional(Decimal),
})
export type CreateContractOrder = z.infer<typeof CreateContractOrder>

/**
 * A pending order's trigger, as MetaTrader 5 has them: a buy limit waits for the ask to fall to its price (placed
 * below the ask), a buy stop for the ask to rise to it (placed above); a sell limit for the bid to rise to it (above
 * the bid), a sell stop for the bid to fall to it (below). Each fills at the price that reached it.
 */
export const PendingType = z.enum(['limit', 'stop'])
export type PendingType = z.infer<typeof PendingType>

/**
 * The `data` of a 409 priceMoved answer to createContractOrder: the quote the server would have filled at, so the
 * app re-prices its review in place and the trader confirms again with one tap. `price` is the fill price (the ask
 * for a buy, the bid for a sell); `quotedPrice` and `maxSlippage` echo what was sent.
 */
export const PriceMoved = z.object({
  symbol: Symbol,
  side: Side,
  bid: Decimal,
  ask: Decimal,
  price: Decimal,
  quotedPrice: Decimal,
  maxSlippage: Decimal,
  time: Millis,
})
export type PriceMoved = z.infer<typeof PriceMoved>

export const CreateLimitOrder = z.object({
  ...OrderFields,
  price: Positive,
  /** 'limit' when left out. A price on the wrong side of the market for its type answers 400 (docs/api.md). */
  type: z.optional(PendingType),
})
export type CreateLimitOrder = z.infer<typeof CreateLimitOrder>

export const OrderNoBody = z.object({ orderNo: Int8Id })

/**
 * How floating P/L counts in free margin (MetaTrader 5's "use unrealized profit/loss" choices; trading-account.ts):
 * both ways, losses only (the default: what a cash-backed ledger can honour), or not at all.
 */
export const FloatingInFree = z.enum(['profit_and_loss', 'loss_only', 'none'])
export type FloatingInFree = z.infer<typeof FloatingInFree>

/** Why a position was closed: the user, or the engine (take profit, stop loss, stop-out). */
export const CloseReason = z.enum(['user', 'take_profit', 'stop_loss', 'stop_out'])
export type CloseReason = z.infer<typeof CloseReason>

/** Positions: open, then closed. Limit orders: pending, then filled (a position opened) or cancelled. */
export const OrderStatus = z.enum(['open', 'closed', 'pending', 'filled', 'cancelled'])
export type OrderStatus = z.infer<typeof OrderStatus>

export const Order = z.object({
  orderNo: z.string(),
  kind: z.enum(['contract', 'limit']),
  book: AccountType,
  symbol: Symbol,
  side: Side,
  lots: Decimal,
  leverage: z.int(),
  status: OrderStatus,
  /** Limit orders: the price asked for. */
  limitPrice: z.nullable(Decimal),
  /** Pending orders (kind 'limit'): a limit or a stop; null on positions. */
  pendingType: z.nullable(PendingType),
  openPrice: z.nullable(Decimal),
  closePrice: z.nullable(Decimal),
  /** The price the position would close at now (bid for a buy, ask for a sell); null without a quote. */
  lastPrice: z.nullable(Decimal),
  takeProfit: z.nullable(Decimal),
  stopLoss: z.nullable(Decimal),
  /** Required margin, held while open (or while a limit order waits). */
  margin: Decimal,
  fee: Decimal,
  /** Realised P/L once closed, floating P/L (at lastPrice) while open; in the margin currency. */
  profit: Decimal,
  pips: Decimal,
  openTime: z.nullable(Millis),
  closeTime: z.nullable(Millis),
  createTime: Millis,
  closeReason: z.nullable(CloseReason),
  /** The account's margin level (%) when the engine closed it; null otherwise. */
  closeMarginLevel: z.nullable(Decimal),
  /** The limit order a position came from, or the position a limit order opened. */
  linkedOrderNo: z.nullable(z.string()),
})
export type Order = z.infer<typeof Order>

/** The trading account of the current book, in the margin currency (USDT). */
export const TradeAccount = z.object({
  book: AccountType,
  currency: z.string(),
  balance: Decimal,
  floatingProfit: Decimal,
  equity: Decimal,
  /** Margin in use: the open positions' margin only (the margin level's divisor). */
  margin: Decimal,
  /** Held for pending orders: neither in use nor free (trading-account.ts). */
  reserved: Decimal,
  /** Cash not held by positions or orders. */
  available: Decimal,
  /** Cash plus floating P/L as `floatingInFreeMargin` counts it. */
  freeMargin: Decimal,
  /** equity / margin × 100; null with no margin in use. */
  marginLevel: z.nullable(Decimal),
  floatingInFreeMargin: FloatingInFree,
  marginCallLevel: Decimal,
  stopOutLevel: Decimal,
})
export type TradeAccount = z.infer<typeof TradeAccount>

export const PositionListQuery = z.extend(Page, { status: z._default(z.enum(['open', 'closed']), 'open') })
export const LimitListQuery = z.extend(Page, { status: z._default(z.enum(['pending', 'history']), 'pending') })
export const OrderNoQuery = OrderNoBody

export const OrderPage = pageOf(Order)
export type OrderPage = z.infer<typeof OrderPage>

export const ordersApi = {
  createContractOrder: { method: 'POST', path: '/createContractOrder', body: CreateContractOrder, data: Order, auth: true, money: true },
  createLimitOrder: { method: 'POST', path: '/createLimitOrder', body: CreateLimitOrder, data: Order, auth: true, money: true },
  closePositionOrder: { method: 'POST', path: '/closePositionOrder', body: OrderNoBody, data: Order, auth: true, money: true },
  cancelLimitOrder: { method: 'POST', path: '/cancelLimitOrder', body: OrderNoBody, data: Order, auth: true, money: true },
  /** Positions of the current book: open (newest first) or closed (latest close first). */
  getContractOrderList: { method: 'GET', path: '/getContractOrderList', query: PositionListQuery, data: OrderPage, auth: true },
  getLimitOrderList: { method: 'GET', path: '/getLimitOrderList', query: LimitListQuery, data: OrderPage, auth: true },
  getLimitOrder: { method: 'GET', path: '/getLimitOrder', query: OrderNoQuery, data: Order, auth: true },
  /** Every order of the current book, newest first. */
  getAllOrderList: { method: 'GET', path: '/getAllOrderList', query: Page, data: OrderPage, auth: true },
  getTradeAccount: { method: 'GET', path: '/getTradeAccount', data: TradeAccount, auth: true },
} as const satisfies Record<string, Endpoint>

/**
 * Socket `order_update`: an order of the user changed (opened, filled, closed, cancelled). The facts after
 * closeReason are what the app's toast names when the engine fills a pending order or closes a position (the open
 * price of a fill, the close price and realised P/L of a close); optional, so a client that knows only the first
 * four reads every frame.
 */
export const OrderUpdate = z.object({
  orderNo: z.string(),
  kind: z.enum(['contract', 'limit']),
  status: OrderStatus,
  closeReason: z.nullable(CloseReason),
  symbol: z.optional(Symbol),
  side: z.optional(Side),
  lots: z.optional(Decimal),
  pendingType: z.optional(z.nullable(PendingType)),
  /** A fill's open price, a close's close price. */
  price: z.optional(z.nullable(Decimal)),
  /** A close's realised P/L, in the margin currency. */
  profit: z.optional(Decimal),
  /** The position a filled pending order opened. */
  linkedOrderNo: z.optional(z.nullable(z.string())),
  /** The order's book: a link to it opens that book (the app may be showing the other one). */
  book: z.optional(AccountType),
  /** The margin currency, which `profit` is in. */
  currency: z.optional(z.string()),
})
export type OrderUpdate = z.infer<typeof OrderUpdate>
