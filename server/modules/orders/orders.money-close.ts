// Closing positions (orders.money.ts says how every money event posts): the row closed and its journal posted in the
// caller's transaction, the P/L settled with the house and any loss beyond the cash taken as one rule per book
// (settlementPlan, releaseOf in src/contract/trading-account.ts); and the journal of a close an earlier version
// settled after its commit (settlementJournal, posted by orders.settlement.ts).
import type { CloseReason } from '#contract/orders.ts'
import { releaseOf, type BookHolding, type Release } from '#contract/trading-account.ts'
import { dec, type Dec } from '#contract/trading-math.ts'
import { AppError } from '../../app-error.ts'
import { postJournalsInTx, type JournalInput, type Posted } from '../../ledger/post.ts'
import type { Reason, Tx } from '../../ledger/types.ts'
import { feeJournal, houseLeg, userLeg } from './orders.money.ts'
import { bookKey, closeOrderRows } from './orders.repository.ts'
import type { OrderRow } from './orders.table.ts'

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
  // Sent together (server/db/pipelined.ts): the rows marked closed, then the journals; neither needs the other's answer.
  const [rows, outcomes] = await Promise.all([closeOrderRows(tx, updates), postJournalsInTx(tx, journals)])
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
