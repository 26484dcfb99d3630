// Opening positions and placing limit orders (orders.money.ts says how every money event posts): each checked against
// its book's free margin and cash, its row and its journal (and the opening fee's) in the caller's transaction.
import type { Side } from '#contract/orders.ts'
import { payProblem, spendable } from '#contract/trading-account.ts'
import { dec, type Dec } from '#contract/trading-math.ts'
import { AppError } from '../../app-error.ts'
import type { Ticket } from '../../idempotency/in-transaction.ts'
import { postJournalsInTx, type JournalInput, type Posted } from '../../ledger/post.ts'
import type { Book, Tx } from '../../ledger/types.ts'
import type { CatalogueInstrument } from '../../market/catalogue.ts'
import { figuresOf, houseLeg, stateOf, userLeg, type BookState, type Pricing } from './orders.money.ts'
import { bookKey, deleteOrders, insertOrdersOnce, lockBooksBalances, openPositionsOf, ordersByOpenKeys, type NewOrder } from './orders.repository.ts'
import type { OrderRow } from './orders.table.ts'
import { floating } from './orders.view.ts'

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
  /** The request's claim on its idempotency key (server/idempotency/in-transaction.ts). */
  ticket?: Ticket
} & ({ kind: 'contract'; price: Dec; fee: Dec } | { kind: 'limit'; limitPrice: string; pendingType: 'limit' | 'stop' })

export type Opened = { row: OrderRow; posted: Posted | null }

export type OpenRead = Awaited<ReturnType<typeof readOpenBooks>>

/**
 * The books of these opens locked and their balances read, then their open positions: two statements sent together
 * (without waiting for the first's answer: server/db/pipelined.ts); PostgreSQL reads the positions once the locks are
 * held.
 */
export async function readOpenBooks(tx: Tx, inputs: OpenInput[]) {
  const refs = inputs.map((i) => ({ userId: i.userId, book: i.book }))
  const [balances, positions] = await Promise.all([lockBooksBalances(tx, refs), openPositionsOf(tx, refs)])
  return { balances, positions }
}

/**
 * Opens positions (margin + fee) or places limit orders (margin reserved), each once per key, many in one transaction
 * (the service gathers the opens that arrive together): the books are locked and their balances read, and their open
 * positions, by readOpenBooks (or `read`, when the caller sent it already); each order is checked in arrival order
 * against its book as the ones before it left it, exactly as if they had come one after another; the rows go in with
 * one statement and the journals in one call of the ledger. Each answers its own row, or its own refusal, which
 * changes nothing.
 */
export async function openOrders(tx: Tx, inputs: OpenInput[], pricing: Pricing, read?: OpenRead): Promise<(Opened | AppError)[]> {
  const { balances, positions } = read ?? (await readOpenBooks(tx, inputs))
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
  // Every opening in one call of the ledger, its fee going to the house in the same journal (openJournal). A replayed
  // open posts nothing: its journals committed with its row (one an earlier version left with its fee in the margin
  // account is marked feePosted false, and its close posts that fee).
  const posted = inserted.length > 0 ? await postJournalsInTx(tx, inserted.map(openJournal)) : []
  const refused: bigint[] = []
  inserted.forEach((row, i) => {
    const outcome = posted[i]!
    if (outcome instanceof AppError) refused.push(row.id)
    answers.set(row.openKey, outcome instanceof AppError ? outcome : { row, posted: outcome })
  })
  for (const row of replayedRows) answers.set(row.openKey, { row, posted: null })
  if (refused.length > 0) await deleteOrders(tx, refused)
  // A key twice in the batch: the second is a repeat of the first, and posts nothing.
  return inputs.map((input, i) => {
    const answer = answers.get(input.key)!
    return answer instanceof AppError || inputs.findIndex((other) => other.key === input.key) === i ? answer : { row: answer.row, posted: null }
  })
}

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

/**
 * An open's journal, keyed by the caller's derived key: the margin from available into margin, and a contract's fee
 * from available to the house's fees account (the user's shard of it), in one journal as a fill's (a limit order pays
 * its fee at its fill). Orders opened before this posted the fee in a journal of its own (`fee:<no>`, feeJournal in
 * orders.money.ts); the record shows either as one event.
 */
function openJournal(row: OrderRow): JournalInput {
  const [margin, fee] = [dec(row.margin), dec(row.fee)]
  return {
    kind: 'trade',
    reason: row.kind === 'contract' ? 'trade.open' : 'limit.reserve',
    reference: String(row.id),
    idempotencyKey: row.openKey,
    userId: row.userId,
    legs: [
      userLeg(row.userId, row.book, 'available', row.marginCurrency, margin.plus(fee).neg()),
      userLeg(row.userId, row.book, 'margin', row.marginCurrency, margin),
      ...(fee.isZero() ? [] : [houseLeg(row.book, 'fees', row.marginCurrency, fee)]),
    ],
  }
}
