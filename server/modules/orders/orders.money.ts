// Every order event that moves money, each in ONE transaction with its row's state change (opens gathered many to a
// transaction, each still on its own): the book is locked (lockBook), the order checked against the book's free
// margin and cash (src/contract/trading-account.ts), the row changed and the journal posted.
// Journal keys: opening and placing use the caller's derived Idempotency-Key; a close is close:<no>, a fill
// fill:<no>, a cancel cancel:<no>, whoever runs it (the user, the engine, a restarted leader): an event settles once.
// Legs (margin currency): open = available -> margin (margin and fee), then fee:<no> margin -> house fees (below,
// feeJournal); close = margin -> available, and the P/L between available and the house trading_counterparty (a
// system account, which may go negative). Loss protection is one rule per book (releaseOf in
// src/contract/trading-account.ts): a loss beyond its position's margin and the cash is taken from the book's other
// margin, and only what the whole book cannot cover is the house's; balances never go below zero.
// Over 300 lines on purpose: every money event here shares bookState and its free-margin check, which must stay
// one private definition rather than be exported to several files.
import type { CloseReason, Side } from '#contract/orders.ts'
import type { FloatingInFree } from '#contract/orders.ts'
import { bookFigures, canPay, payProblem, releaseOf, spendable, type BookHolding, type Release } from '#contract/trading-account.ts'
import { dec, type Dec, type Rates } from '#contract/trading-math.ts'
import type { Ticker } from '#contract/socket.ts'
import { AppError } from '../../app-error.ts'
import type { BookBalances } from '../../ledger/books.ts'
import { postJournal, postJournalsInTx, type JournalInput, type Leg, type Posted } from '../../ledger/post.ts'
import type { Book, Reason, SystemKind, Tx, UserKind } from '../../ledger/types.ts'
import type { CatalogueInstrument } from '../../market/catalogue.ts'
import {
  bookKey,
  booksHeld,
  closeOrderRows,
  deleteOrders,
  insertOrder,
  insertOrdersOnce,
  lockBooksBalances,
  openPositions,
  openPositionsOf,
  ordersByOpenKeys,
  updateOrder,
  type NewOrder,
} from './orders.repository.ts'
import type { OrderRow } from './orders.table.ts'
import { floating } from './orders.view.ts'

export type Pricing = { quote: (symbol: string) => Ticker | undefined; rates: Rates; floatingInFree: FloatingInFree }

const userLeg = (userId: string, book: Book, kind: UserKind, currency: string, amount: Dec): Leg => ({
  account: { ownerId: userId, book, kind },
  currency,
  amount: amount.toFixed(),
})
const houseLeg = (book: Book, kind: SystemKind, currency: string, amount: Dec): Leg => ({
  account: { ownerId: null, book, kind },
  currency,
  amount: amount.toFixed(),
})

/** A book as its figures need it (trading-account.ts): the ledger's two accounts and the open positions valued at the
 * last quotes (a position no quote prices yet counts no P/L). */
export type BookState = {
  available: Dec
  marginAccount: Dec
  /** What the margin account lacks of the live orders' margin (BookHolding in trading-account.ts). */
  drawn: Dec
  positions: OrderRow[]
  valued: { margin: string; profit: Dec }[]
  floatingInFree: FloatingInFree
}

/** The book as the free-margin check and the closes see it: balances from the ledger, open positions at the last
 * quotes, and what its margin account lacks. */
export async function bookState(tx: Tx, userId: string, book: Book, currency: string, pricing: Pricing): Promise<BookState> {
  const ref = { userId, book }
  const [held, positions] = await Promise.all([booksHeld(tx, [ref]), openPositions(tx, userId, book)])
  const { balances, drawn } = held.get(bookKey(ref))!
  return stateOf(balances, positions, currency, pricing, drawn.get(currency))
}

export function stateOf(balances: BookBalances, positions: OrderRow[], currency: string, pricing: Pricing, drawn = '0'): BookState {
  const mine = balances.currencies.find((c) => c.currency === currency)
  const valued = positions.map((p) => ({ margin: p.margin, profit: dec(floating(p, pricing.quote(p.symbol), pricing.rates) ?? '0') }))
  return {
    available: dec(mine?.available ?? '0'),
    marginAccount: dec(mine?.inUse ?? '0'),
    drawn: dec(drawn),
    positions,
    valued,
    floatingInFree: pricing.floatingInFree,
  }
}

/** What a book holds, as its closes settle against it. */
export const holdingOf = (s: Pick<BookState, 'available' | 'marginAccount' | 'drawn'>): BookHolding => ({
  available: s.available,
  marginAccount: s.marginAccount,
  drawn: s.drawn,
})

/** The book's figures: the one definition of equity, free margin and margin level. */
export const figuresOf = (s: BookState) =>
  bookFigures({ available: s.available, marginAccount: s.marginAccount, positions: s.valued, floatingInFree: s.floatingInFree })

/** Margin level (%) of a book: equity / margin in use × 100 (null with no position open). */
export const marginLevelOf = (s: BookState) => figuresOf(s).marginLevel

/** An order needing `needed` (margin and fee) must be payable: free margin and cash both cover it. */
function requireFreeMargin(s: BookState, needed: Dec, currency: string) {
  const figures = figuresOf(s)
  const problem = payProblem(figures, needed)
  if (problem === 'margin') throw new AppError(409, 'insufficientMargin', { required: needed.toFixed(), free: spendable(figures).toFixed(), currency })
  if (problem === 'cash') throw new AppError(409, 'insufficientCash', { required: needed.toFixed(), available: figures.available.toFixed(), currency })
}

export type OpenInput = {
  userId: string
  book: Book
  inst: CatalogueInstrument
  side: Side
  lots: string
  leverage: number
  takeProfit?: string
  stopLoss?: string
  margin: Dec
  now: number
  key: string
} & ({ kind: 'contract'; price: Dec; fee: Dec } | { kind: 'limit'; limitPrice: string; pendingType: 'limit' | 'stop' })

export type Opened = { row: OrderRow; posted: Posted | null }

/**
 * Opens positions (margin + fee) or places limit orders (margin reserved), each once per key, many in one transaction
 * (the service gathers the opens that arrive together): the books are locked and their balances read in one round
 * trip, their open positions in another; each order is checked in arrival order against its book as the ones before
 * it left it, exactly as if they had come one after another; the rows go in with one statement and the journals in
 * one call of the ledger. Each answers its own row, or its own refusal, which changes nothing.
 */
export async function openOrders(tx: Tx, inputs: OpenInput[], pricing: Pricing): Promise<(Opened | AppError)[]> {
  const refs = inputs.map((i) => ({ userId: i.userId, book: i.book }))
  // In this order: the positions are read once the locks are held.
  const balances = await lockBooksBalances(tx, refs)
  const positions = await openPositionsOf(tx, refs)
  const states = new Map<string, BookState>()
  const answers = new Map<string, Opened | AppError>()
  const accepted: NewOrder[] = []
  for (const input of inputs) {
    if (answers.has(input.key) || accepted.some((v) => v.openKey === input.key)) continue
    const currency = input.inst.marginCurrency
    const at = `${bookKey(input)}:${currency}`
    let state = states.get(at)
    if (!state) states.set(at, (state = stateOf(balances.get(bookKey(input))!, positions.get(bookKey(input))!, currency, pricing)))
    const values = newOrderOf(input)
    const needed = input.margin.plus(values.fee!)
    try {
      requireFreeMargin(state, needed, currency)
    } catch (error) {
      answers.set(input.key, error as AppError)
      continue
    }
    accepted.push(values)
    // As the journals will leave it: the cash paid, the margin held (the fee goes on to the house).
    state.available = state.available.minus(needed)
    state.marginAccount = state.marginAccount.plus(input.margin)
    if (values.status === 'open') state.valued.push({ margin: values.margin, profit: dec(floating(values as OrderRow, pricing.quote(values.symbol), pricing.rates) ?? '0') })
  }
  const inserted = accepted.length > 0 ? await insertOrdersOnce(tx, accepted) : []
  // A key used before (a first attempt committed but its answer was lost): that row is answered again.
  const insertedKeys = new Set(inserted.map((row) => row.openKey))
  const replayed = accepted.filter((v) => !insertedKeys.has(v.openKey)).map((v) => v.openKey)
  const replayedRows = replayed.length > 0 ? await ordersByOpenKeys(tx, replayed) : []
  // Every journal in one call: each opening, its fee going with it (it posts only if the opening did: a refused
  // opening's fee would be taken from the margin of the book's other positions), then the fees of the replayed
  // opens, should theirs have been lost (the same key: never charged twice).
  const journals: JournalInput[] = []
  const openAt: number[] = []
  const feeAt = new Map<OrderRow, number>()
  for (const row of inserted) {
    openAt.push(journals.length)
    journals.push(openJournal(row))
    if (charged(row)) feeAt.set(row, journals.push({ ...feeJournal(row), after: openAt.at(-1)! }) - 1)
  }
  for (const row of replayedRows.filter(charged)) feeAt.set(row, journals.push(feeJournal(row)) - 1)
  const posted = await postJournalsInTx(tx, journals)
  const refused: bigint[] = []
  inserted.forEach((row, i) => {
    const outcome = posted[openAt[i]!]!
    if (outcome instanceof AppError) refused.push(row.id)
    answers.set(row.openKey, outcome instanceof AppError ? outcome : { row, posted: outcome })
  })
  for (const row of replayedRows) answers.set(row.openKey, { row, posted: null })
  // A fee refused although its opening posted: the whole batch fails (the Batches run each open alone after it).
  const feeRefusal = [...feeAt].find(([row, at]) => posted[at] instanceof AppError && !refused.includes(row.id))
  if (feeRefusal) throw posted[feeRefusal[1]]
  if (refused.length > 0) await deleteOrders(tx, refused)
  // A key twice in the batch: the second is a repeat of the first, and posts nothing.
  return inputs.map((input, i) => {
    const answer = answers.get(input.key)!
    return answer instanceof AppError || inputs.findIndex((other) => other.key === input.key) === i ? answer : { row: answer.row, posted: null }
  })
}

/** An open that pays a fee now: a contract with a fee (a limit order pays at its fill). */
const charged = (row: OrderRow) => row.kind === 'contract' && !dec(row.fee).isZero()

function newOrderOf(input: OpenInput): NewOrder {
  const contract = input.kind === 'contract'
  return {
    userId: input.userId,
    book: input.book,
    kind: input.kind,
    symbol: input.inst.symbol,
    side: input.side,
    lots: input.lots,
    leverage: input.leverage,
    status: contract ? 'open' : 'pending',
    limitPrice: contract ? null : input.limitPrice,
    pendingType: contract ? null : input.pendingType,
    openPrice: contract ? input.price.toFixed() : null,
    takeProfit: input.takeProfit ?? null,
    stopLoss: input.stopLoss ?? null,
    margin: input.margin.toFixed(),
    fee: (contract ? input.fee : dec('0')).toFixed(),
    marginCurrency: input.inst.marginCurrency,
    openTime: contract ? input.now : null,
    createTime: input.now,
    openKey: input.key,
  }
}

/** An open's journal, keyed by the caller's derived key: margin and fee from available into margin. */
const openJournal = (row: OrderRow): JournalInput => ({
  kind: 'trade',
  reason: row.kind === 'contract' ? 'trade.open' : 'limit.reserve',
  reference: String(row.id),
  idempotencyKey: row.openKey,
  userId: row.userId,
  legs: [
    // The fee waits in the user's margin account; feeJournal moves it to the house (see the file's comment).
    userLeg(row.userId, row.book, 'available', row.marginCurrency, dec(row.margin).plus(row.fee).neg()),
    userLeg(row.userId, row.book, 'margin', row.marginCurrency, dec(row.margin).plus(row.fee)),
  ],
})

/**
 * The opening fee, from the user's margin account (where the open left it) to the house fees account: a journal of
 * its own, keyed by the order, posted in the same call as its opening and going with it (openOrders). Every opening
 * fee goes to the same house row, whose lock is held until the commit, so batches of opens queue on it there, one
 * commit each; they are gathered so that one commit serves many. Rows opened before fees were posted this way may
 * still hold theirs in the margin account: the close posts it first (same key, so it is never charged twice).
 */
export const feeJournal = (row: OrderRow): JournalInput => ({
  kind: 'trade',
  reason: 'trade.fee',
  reference: String(row.id),
  idempotencyKey: `fee:${row.id}`,
  userId: row.userId,
  legs: [userLeg(row.userId, row.book, 'margin', row.marginCurrency, dec(row.fee).neg()), houseLeg(row.book, 'fees', row.marginCurrency, dec(row.fee))],
})

const CLOSE_REASONS: Record<CloseReason, Reason> = {
  user: 'trade.close',
  take_profit: 'trade.take_profit',
  stop_loss: 'trade.stop_loss',
  stop_out: 'trade.stop_out',
}

export type CloseInput = {
  price: Dec
  pl: Dec
  reason: CloseReason
  now: number
  marginLevel: Dec | null
  /** What the book held before this batch of closes (the same for every close of one book), read under its lock. */
  book: BookHolding
}

/**
 * Closes a locked open position at `price` with P/L `pl` (computed by the caller with trading-math's profit), the P/L
 * settled with the house in the same journal. The caller holds the book lock and has read `available` under it.
 */
export async function settleClose(tx: Tx, row: OrderRow, c: CloseInput): Promise<Closed> {
  return (await settleCloses(tx, [{ row, c }]))[0]!
}

export type Closed = { row: OrderRow; posted: Posted }

/**
 * The order in which a batch settles, and what each close settles: per book, the profits first (they become cash the
 * losses can be paid from), then the losses in the order given, each settled by releaseOf (trading-account.ts) against
 * the book as the closes before it left it. Every path that closes (a user's close, a batch, TP/SL, stop-out, a demo
 * reset) settles through this, so loss protection is one rule per book, whichever path closes.
 */
export function settlementPlan(closes: readonly { row: OrderRow; c: CloseInput }[]): { at: number; release: Release }[] {
  const order = closes.map((_, i) => i)
  order.sort((a, b) => Number(closes[a]!.c.pl.isNeg()) - Number(closes[b]!.c.pl.isNeg()) || a - b)
  const books = new Map<string, BookHolding>()
  return order.map((at) => {
    const { row, c } = closes[at]!
    const key = `${bookKey(row)}:${row.marginCurrency}`
    let before = books.get(key) ?? c.book
    // A fee an earlier version left in the margin account goes to the house first (settleCloses).
    if (!row.feePosted && !dec(row.fee).isZero()) before = { ...before, marginAccount: dec(before.marginAccount).minus(row.fee) }
    const release = releaseOf(before, row.margin, c.pl)
    books.set(key, release.after)
    return { at, release }
  })
}

/** settleClose of several locked positions (of one book or many): every row in one statement, every journal in one
 * call of the ledger, in settlementPlan's order. A refusal is thrown and nothing is kept (the caller's transaction
 * rolls back). */
export async function settleCloses(tx: Tx, closes: { row: OrderRow; c: CloseInput }[]): Promise<Closed[]> {
  const journals: JournalInput[] = []
  const closeJournalAt = new Array<number>(closes.length)
  const updates = settlementPlan(closes).map(({ at, release }) => {
    const { row, c } = closes[at]!
    // A fee an earlier version left in the margin account goes to the house first (same key: charged once).
    if (!row.feePosted && !dec(row.fee).isZero()) journals.push(feeJournal(row))
    const { settled } = release
    const currency = row.marginCurrency
    const legs = [
      userLeg(row.userId, row.book, 'margin', currency, release.margin),
      userLeg(row.userId, row.book, 'available', currency, release.available),
      houseLeg(row.book, 'trading_counterparty', currency, settled.neg()),
    ]
    closeJournalAt[at] = journals.length
    journals.push({ kind: 'trade', reason: CLOSE_REASONS[c.reason], reference: String(row.id), idempotencyKey: `close:${row.id}`, userId: row.userId, legs })
    return {
      id: row.id,
      closePrice: c.price.toFixed(),
      closeTime: c.now,
      profit: settled.toFixed(),
      closeReason: c.reason,
      closeMarginLevel: c.marginLevel?.toDecimalPlaces(4).toFixed() ?? null,
      settlementPending: false,
      marginDrawn: release.drawn.toFixed(),
    }
  })
  const rows = await closeOrderRows(tx, updates)
  const outcomes = await postJournalsInTx(tx, journals)
  const refusal = outcomes.find((o) => o instanceof AppError)
  if (refusal) throw refusal
  return closes.map(({ row }, i) => ({ row: rows.get(row.id)!, posted: outcomes[closeJournalAt[i]!] as Posted }))
}

/**
 * The P/L of a close made by an earlier version, which settled it after its commit (the row marked
 * settlement_pending), between the user and the house trading_counterparty, keyed pl:<no>: a loss from the margin
 * account where that close left it, a profit into available. Derived from the row alone; the sweep posts it.
 */
export function settlementJournal(row: OrderRow): JournalInput {
  const settled = dec(row.profit)
  const currency = row.marginCurrency
  const kind = settled.isNeg() ? 'margin' : 'available'
  return {
    kind: 'trade',
    reason: CLOSE_REASONS[row.closeReason ?? 'user'],
    reference: String(row.id),
    idempotencyKey: `pl:${row.id}`,
    userId: row.userId,
    legs: [userLeg(row.userId, row.book, kind, currency, settled), houseLeg(row.book, 'trading_counterparty', currency, settled.neg())],
  }
}

/** Cancels a locked pending limit order (its book locked): its reservation goes back to available, less whatever the
 * book's margin account still lacks (releaseOf). */
export async function settleCancel(tx: Tx, row: OrderRow, now: number): Promise<{ row: OrderRow; posted: Posted }> {
  const ref = { userId: row.userId, book: row.book }
  const { balances, drawn } = (await booksHeld(tx, [ref])).get(bookKey(ref))!
  const mine = balances.currencies.find((c) => c.currency === row.marginCurrency)
  const book = { available: mine?.available ?? '0', marginAccount: mine?.inUse ?? '0', drawn: drawn.get(row.marginCurrency) ?? '0' }
  const release = releaseOf(book, row.margin, '0')
  const updated = await updateOrder(tx, row.id, { status: 'cancelled', closeTime: now, marginDrawn: release.drawn.toFixed() })
  const posted = await postJournal(tx, {
    kind: 'trade',
    reason: 'limit.cancel',
    reference: String(row.id),
    idempotencyKey: `cancel:${row.id}`,
    userId: row.userId,
    legs: [
      userLeg(row.userId, row.book, 'margin', row.marginCurrency, release.margin),
      userLeg(row.userId, row.book, 'available', row.marginCurrency, release.available),
    ],
  })
  return { row: updated, posted }
}

export type FillInput = { price: Dec; margin: Dec; fee: Dec; now: number; state: BookState }

/**
 * Fills a locked pending limit order at `price`: a new open position (its margin recomputed at the fill price, the
 * fee charged) and the limit row marked filled, linked both ways. Answers null when the free margin does not cover
 * the difference; the caller then cancels.
 */
export async function settleFill(tx: Tx, limit: OrderRow, f: FillInput): Promise<{ position: OrderRow; limit: OrderRow; posted: Posted } | null> {
  const reserved = dec(limit.margin)
  const extra = f.margin.minus(reserved)
  if (!canPay(figuresOf(f.state), extra.plus(f.fee))) return null
  // A smaller margin at the fill price: the difference is released as any margin is (releaseOf), the book's margin
  // account paid back first; a larger one is paid from the cash.
  const release = extra.isNeg() ? releaseOf(holdingOf(f.state), extra.neg(), '0') : null
  const toMargin = release ? release.margin : extra
  const toAvailable = release ? release.available : extra.neg()
  const currency = limit.marginCurrency
  const position = await insertOrder(tx, {
    userId: limit.userId,
    book: limit.book,
    kind: 'contract',
    symbol: limit.symbol,
    side: limit.side,
    lots: limit.lots,
    leverage: limit.leverage,
    status: 'open',
    openPrice: f.price.toFixed(),
    takeProfit: limit.takeProfit,
    stopLoss: limit.stopLoss,
    margin: f.margin.toFixed(),
    fee: f.fee.toFixed(),
    marginCurrency: currency,
    openTime: f.now,
    createTime: f.now,
    linkedOrderNo: limit.id,
    openKey: `fill:${limit.id}`,
  })
  const updated = await updateOrder(tx, limit.id, {
    status: 'filled',
    openPrice: f.price.toFixed(),
    openTime: f.now,
    linkedOrderNo: position.id,
    marginDrawn: release?.drawn.toFixed() ?? '0',
  })
  const posted = await postJournal(tx, {
    kind: 'trade',
    reason: 'limit.fill',
    reference: String(limit.id),
    idempotencyKey: `fill:${limit.id}`,
    userId: limit.userId,
    legs: [
      userLeg(limit.userId, limit.book, 'available', currency, toAvailable.minus(f.fee)),
      userLeg(limit.userId, limit.book, 'margin', currency, toMargin),
      houseLeg(limit.book, 'fees', currency, f.fee),
    ],
  })
  return { position, limit: updated, posted }
}
