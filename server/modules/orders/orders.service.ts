// Contract and limit orders of the caller's current book (docs/trading.md, docs/trading-account.md): the checks, then one transaction per
// event (orders.money.ts and its orders.money-*.ts), then order_update and balance_update to the owner's tabs once it has committed.
import type { FastifyInstance } from 'fastify'
import type { AuthUser } from '../../plugins/auth.ts'
import type { CreateContractOrder, CreateLimitOrder, Order, OrderPage, OrderUpdate, TradeAccount } from '#contract/orders.ts'
import { closePrice, dec, fee as feeOf, openPrice, profit, requiredMargin } from '#contract/trading-math.ts'
import { DEMO_FUNDS } from '#contract/account.ts'
import { AppError } from '../../app-error.ts'
import { Batches, batchesPer } from '../../db/batches.ts'
import { pipelinedTransaction } from '../../db/pipelined.ts'
import { instrumentBySymbol } from '../../market/catalogue.ts'
import { bookBalances } from '../../ledger/books.ts'
import { retrying } from '../../ledger/db-errors.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import { houseShards } from '../../ledger/shards.ts'
import type { Posted } from '../../ledger/post.ts'
import type { Book, Tx } from '../../ledger/types.ts'
import {
  checkPendingSide,
  checkPriceGrid,
  checkSlippage,
  checkStops,
  checkTerms,
  currentRates,
  instrumentOf,
  requireOpenMarket,
  requireQuote,
  requireRealQuote,
  withRates,
} from './orders.checks.ts'
import { figuresOf, stateOf, type Pricing } from './orders.money.ts'
import { settleCloses, type CloseInput, type Closed } from './orders.money-close.ts'
import { settleCancel } from './orders.money-limit.ts'
import { openOrders, readOpenBooks, type OpenInput, type OpenRead, type Opened } from './orders.money-open.ts'
import { bookKey, booksHeld, lockOwnOrders, openPositions, orderOf, orderPage, type BookHeld, type OrderRef } from './orders.repository.ts'
import type { OrderRow } from './orders.table.ts'
import { plain, toOrder } from './orders.view.ts'
import { ordersChanged } from './order-events.ts'
import { requireLiveTerms } from '../content/legal-gate.ts'
import { claimInTx, ClaimLost, type Ticket } from '../../idempotency/in-transaction.ts'

export const pricingOf = (app: FastifyInstance): Pricing => ({
  quote: (symbol) => app.quotes.get(symbol),
  rates: currentRates(app),
  floatingInFree: app.conf.floatingInFreeMargin,
})

/** A price as the instrument quotes it (1.16640, not 1.1664), as a toast shows it. */
export function priceOnGrid(symbol: string, price: string | null): string | null {
  if (price === null) return null
  const digits = instrumentBySymbol(symbol)?.digits
  return digits === undefined ? plain(price) : dec(price).toFixed(digits)
}

/** After commit: the owner's tabs refresh their orders and balance. */
export async function announce(app: FastifyInstance, rows: OrderRow[], posted: Posted | null) {
  ordersChanged(app, rows)
  // Published together (the hub sends the messages of one tick as one): the orders first, then the balances.
  const pushes = rows.map((row) => {
    const data: OrderUpdate = {
      orderNo: String(row.id),
      kind: row.kind,
      status: row.status,
      closeReason: row.closeReason,
      symbol: row.symbol,
      side: row.side,
      lots: plain(row.lots)!,
      pendingType: row.kind === 'limit' ? (row.pendingType ?? 'limit') : null,
      price: priceOnGrid(row.symbol, row.status === 'closed' ? row.closePrice : row.openPrice),
      profit: plain(row.profit)!,
      linkedOrderNo: row.linkedOrderNo === null ? null : String(row.linkedOrderNo),
      book: row.book,
      currency: row.marginCurrency,
    }
    return app.hub.publishToUser(row.userId, { messageType: 'order_update', data }).catch((error: unknown) => {
      app.log.warn({ err: error, orderNo: data.orderNo }, 'order_update push failed')
    })
  })
  await Promise.all(posted ? [...pushes, pushBalanceUpdates(app, posted)] : pushes)
}

// Opens arriving together go in one transaction (orders.money-open.ts openOrders): a batch of one goes at once, and while
// one is in flight the next gathers, so under load the round trips per open fall. A batch that fails as a whole
// (the database gone, retries used up) is tried again an open at a time.
// Batches of opens and of closes go one at a time while they flow: every open's fee goes to its user's shard of the
// house fees rows and every close's P/L to their shard of trading_counterparty (server/ledger/shards.ts), whose lock
// is held until the commit, and a large batch touches most shards, so a second batch in flight would mostly wait
// there, at half the size (bench:orders: 0.7 SQL statements an order instead of 1.1). A batch still running after
// STALL_MS is held up (a book lock waited for): the next batch then goes beside it, up to one per shard (at most 4,
// the pool's 10 connections serving the rest), and waits on the held batch only if it shares a user or a house shard
// that batch has already posted to.
const STALL_MS = 100
const inFlight = (app: FastifyInstance) => ({ maxInFlight: Math.min(houseShards(app.db), 4), stallMs: STALL_MS })
/**
 * Batches whose transaction also claims each request's idempotency key first and stores its outcome last
 * (server/idempotency/in-transaction.ts), its BEGIN and first statements sent together and its COMMIT with its last
 * (server/db/pipelined.ts). `batch` is called once per batch: its work, and what a request answers on success (with
 * the same pricing, where the work priced).
 */
type ClaimedBatch<In, Out, Read> = {
  read: (tx: Tx, inputs: In[]) => Promise<Read>
  work: (tx: Tx, going: In[], read: Read) => Promise<(Out | AppError)[]>
  valueOf: (out: Out) => unknown
}
function claimedBatches<In extends { ticket?: Ticket }, Out, Read>(batch: (app: FastifyInstance) => ClaimedBatch<In, Out, Read>) {
  return batchesPer(
    (app: FastifyInstance) =>
      new Batches<In, Out | AppError | ClaimLost>(async (inputs) => {
        const { read, work, valueOf } = batch(app)
        const claimed = await retrying(() =>
          pipelinedTransaction(app.db, async (tx) => {
            const done = await claimInTx(tx, inputs, app.now(), { read: (all) => read(tx, all), work: (going, r) => work(tx, going, r) }, valueOf)
            return { value: done, last: done.last }
          }),
        )
        claimed.committed()
        return claimed.outs
      }, inFlight(app)),
  )
}
const opens = claimedBatches<OpenInput, Opened, OpenRead>((app) => {
  const pricing = pricingOf(app)
  return { read: readOpenBooks, work: (tx, inputs, read) => openOrders(tx, inputs, pricing, read), valueOf: (opened) => view(app, opened.row, pricing) }
})
async function open(app: FastifyInstance, input: OpenInput): Promise<Opened> {
  const opened = await opens(app).add(input)
  if (opened instanceof AppError || opened instanceof ClaimLost) throw opened
  return opened
}

const view = (app: FastifyInstance, row: OrderRow, pricing = pricingOf(app)) => toOrder(row, pricing.quote(row.symbol), pricing.rates)
/** The order as answered: the answer stored in the transaction when the ticket's claim went in with it (the route
 * answers that one), else the view now. */
const answered = (app: FastifyInstance, row: OrderRow, ticket: Ticket | undefined, pricing?: Pricing): Order =>
  ticket?.state.kind === 'claimed' ? (ticket.state.answer as Order) : view(app, row, pricing)

export async function createContractOrder(app: FastifyInstance, user: AuthUser, body: CreateContractOrder, key: string, ticket?: Ticket): Promise<Order> {
  if (user.accountType === 'live') await requireLiveTerms(app, user.id)
  const inst = instrumentOf(body.symbol)
  checkTerms(inst, body.lots, body.leverage)
  requireOpenMarket(app, inst)
  const quote = requireQuote(app, inst.symbol)
  requireRealQuote(app, user.accountType, quote)
  checkPriceGrid(inst, [body.takeProfit, body.stopLoss])
  const price = openPrice(body.side, quote)
  checkSlippage(body.side, quote, body.quotedPrice, body.maxSlippage)
  checkStops(body.side, closePrice(body.side, quote).toFixed(), body.takeProfit, body.stopLoss)
  const pricing = pricingOf(app)
  const margin = withRates(inst.symbol, () => requiredMargin(inst, body.lots, body.leverage, price, pricing.rates))
  const fee = withRates(inst.symbol, () => feeOf(inst, body.lots, price, pricing.rates))
  const { side, lots, leverage, takeProfit, stopLoss } = body
  const input = { kind: 'contract', userId: user.id, book: user.accountType, inst, side, lots, leverage, takeProfit, stopLoss, margin, fee, price, now: app.now(), key, ticket } as const
  const { row, posted } = await open(app, input)
  await announce(app, [row], posted)
  return answered(app, row, ticket, pricing)
}

export async function createLimitOrder(app: FastifyInstance, user: AuthUser, body: CreateLimitOrder, key: string, ticket?: Ticket): Promise<Order> {
  if (user.accountType === 'live') await requireLiveTerms(app, user.id)
  const inst = instrumentOf(body.symbol)
  checkTerms(inst, body.lots, body.leverage)
  requireOpenMarket(app, inst)
  const quote = requireQuote(app, inst.symbol)
  requireRealQuote(app, user.accountType, quote)
  checkPriceGrid(inst, [body.price, body.takeProfit, body.stopLoss])
  const pendingType = body.type ?? 'limit'
  checkPendingSide(pendingType, body.side, body.price, quote)
  checkStops(body.side, body.price, body.takeProfit, body.stopLoss)
  const pricing = pricingOf(app)
  // Held at the limit price; the fill recomputes it at the price it gets.
  const margin = withRates(inst.symbol, () => requiredMargin(inst, body.lots, body.leverage, body.price, pricing.rates))
  const { side, lots, leverage, takeProfit, stopLoss } = body
  const input = { kind: 'limit', userId: user.id, book: user.accountType, inst, side, lots, leverage, takeProfit, stopLoss, margin, limitPrice: body.price, pendingType, now: app.now(), key, ticket } as const
  const { row, posted } = await open(app, input)
  await announce(app, [row], posted)
  return answered(app, row, ticket, pricing)
}

/** The caller's order of that kind, or 404 (another user's order is not theirs to know about). */
function ofKind(row: OrderRow | undefined, kind: OrderRow['kind']): OrderRow {
  if (!row || row.kind !== kind) throw new AppError(404, 'orderNotFound')
  return row
}
const ownOrder = async (app: FastifyInstance, userId: string, orderNo: string, kind: OrderRow['kind']) => ofKind(await orderOf(app.db, userId, BigInt(orderNo)), kind)
/** ownOrder with its book and row locked for this transaction (lockOwnOrders). */
async function lockedOwnOrder(tx: Tx, userId: string, orderNo: string, kind: OrderRow['kind']) {
  const no = BigInt(orderNo)
  return ofKind((await lockOwnOrders(tx, [{ userId, orderNo: no }])).get(no), kind)
}

export async function closePositionOrder(app: FastifyInstance, user: AuthUser, orderNo: string, ticket?: Ticket): Promise<Order> {
  const closed = await closes(app).add({ userId: user.id, orderNo: BigInt(orderNo), book: user.accountType, ticket })
  if (closed instanceof AppError || closed instanceof ClaimLost) throw closed
  await announce(app, [closed.row], closed.posted)
  return answered(app, closed.row, ticket)
}

// Users' closes arriving together go in one transaction, as opens do (and in flight as opens are, their keys claimed
// in it too). A refusal of the ledger fails the batch, which is then tried again a close at a time, so each answers
// its own.
// `book`: the caller's current book, where their position almost always is: its balances are read with the lock.
type CloseRef = OrderRef & { book: Book; ticket?: Ticket }
type CloseRead = { locked: Map<bigint, OrderRow>; held: Map<string, BookHeld> }
const closes = claimedBatches<CloseRef, Closed, CloseRead>((app) => ({
  read: readCloses,
  work: (tx, refs, read) => closeOwnOrders(app, tx, refs, read),
  valueOf: (closed) => view(app, closed.row),
}))

/**
 * The orders locked with their books (lockOwnOrders), and the balances and drawn margin of the callers' books read
 * right behind them (booksHeld): two statements sent together, so PostgreSQL reads the books once they are locked.
 */
async function readCloses(tx: Tx, refs: CloseRef[]): Promise<CloseRead> {
  const [locked, held] = await Promise.all([lockOwnOrders(tx, refs), booksHeld(tx, booksOf(refs))])
  return { locked, held }
}

/** Each book named once. */
const booksOf = (items: { userId: string; book: Book }[]) => [...new Map(items.map((i) => [bookKey(i), { userId: i.userId, book: i.book }])).values()]

/** Closes each caller's position at the price it would close at now, or answers why not, checked in arrival order. */
async function closeOwnOrders(app: FastifyInstance, tx: Tx, refs: OrderRef[], read: CloseRead): Promise<(Closed | AppError)[]> {
  const { locked } = read
  // A position in the caller's other book (they switched books since): that book's figures in one more round trip.
  const others = booksOf([...locked.values()]).filter((b) => !read.held.has(bookKey(b)))
  const held = others.length === 0 ? read.held : new Map([...read.held, ...(await booksHeld(tx, others))])
  const pricing = pricingOf(app)
  const answers: (Closed | AppError | undefined)[] = []
  const closing: { row: OrderRow; c: CloseInput; at: number }[] = []
  for (const ref of refs) {
    try {
      const row = ofKind(locked.get(ref.orderNo), 'contract')
      if (row.status !== 'open' || closing.some((x) => x.row.id === row.id)) throw new AppError(409, 'positionNotOpen')
      const inst = instrumentOf(row.symbol)
      requireOpenMarket(app, inst)
      const price = closePrice(row.side, requireQuote(app, inst.symbol))
      const pl = withRates(inst.symbol, () => profit(inst, row.side, row.lots, row.openPrice!, price, pricing.rates))
      // The book before the batch: settleCloses settles the book's closes together (settlementPlan).
      const { balances, drawn } = held.get(bookKey(row))!
      const mine = balances.currencies.find((c) => c.currency === row.marginCurrency)
      const book = { available: dec(mine?.available ?? '0'), marginAccount: dec(mine?.inUse ?? '0'), drawn: dec(drawn.get(row.marginCurrency) ?? '0') }
      closing.push({ row, c: { price, pl, reason: 'user', now: app.now(), marginLevel: null, book }, at: answers.length })
      answers.push(undefined)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      answers.push(error)
    }
  }
  const closed = closing.length > 0 ? await settleCloses(tx, closing) : []
  closing.forEach((x, i) => (answers[x.at] = closed[i]))
  return answers as (Closed | AppError)[]
}

export async function cancelLimitOrder(app: FastifyInstance, user: AuthUser, orderNo: string): Promise<Order> {
  const { row, posted } = await retrying(() =>
    app.db.transaction(async (tx) => {
      const locked = await lockedOwnOrder(tx, user.id, orderNo, 'limit')
      if (locked.status !== 'pending') throw new AppError(409, 'limitNotPending')
      return settleCancel(tx, locked, app.now())
    }),
  )
  await announce(app, [row], posted)
  return view(app, row)
}

export async function getLimitOrder(app: FastifyInstance, user: AuthUser, orderNo: string): Promise<Order> {
  return view(app, await ownOrder(app, user.id, orderNo, 'limit'))
}

type Listing = { kind?: 'contract' | 'limit'; statuses?: OrderRow['status'][]; byClose?: boolean }

export async function listOrders(app: FastifyInstance, user: AuthUser, page: { page: number; size: number }, what: Listing): Promise<OrderPage> {
  const { rows, total } = await orderPage(app.db, { userId: user.id, book: user.accountType, kind: what.kind, statuses: what.statuses }, page.page, page.size, what.byClose)
  const pricing = pricingOf(app)
  return { list: rows.map((row) => view(app, row, pricing)), total, page: page.page, size: page.size }
}

export async function getTradeAccount(app: FastifyInstance, userId: string, book: Book): Promise<TradeAccount> {
  const currency = DEMO_FUNDS.currency
  const [balances, positions] = await Promise.all([bookBalances(app.db, userId, book), openPositions(app.db, userId, book)])
  const f = figuresOf(stateOf(balances, positions, currency, pricingOf(app)))
  return {
    book,
    currency,
    balance: f.balance.toFixed(),
    floatingProfit: f.floating.toFixed(),
    equity: f.equity.toFixed(),
    margin: f.margin.toFixed(),
    reserved: f.reserved.toFixed(),
    available: f.available.toFixed(),
    freeMargin: f.freeMargin.toFixed(),
    marginLevel: f.marginLevel?.toDecimalPlaces(2).toFixed() ?? null,
    floatingInFreeMargin: app.conf.floatingInFreeMargin,
    marginCallLevel: app.conf.marginCallLevel,
    stopOutLevel: app.conf.stopOutLevel,
  }
}
