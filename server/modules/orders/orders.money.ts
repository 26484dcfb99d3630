// Every order event that moves money, each in ONE transaction with its row's state change (opens gathered many to a
// transaction, each still on its own): the book is locked (lockBook), the order checked against the book's free
// margin and cash (src/contract/trading-account.ts), the row changed and the journal posted.
// Journal keys: opening and placing use the caller's derived Idempotency-Key; a close is close:<no>, a fill
// fill:<no>, a cancel cancel:<no>, whoever runs it (the user, the engine, a restarted leader): an event settles once.
// Legs (margin currency): open = available -> margin (the margin) and available -> the house's fees (the fee), one
// journal; close = margin -> available, and the P/L between available and the house trading_counterparty (a
// system account, which may go negative). Loss protection is one rule per book (releaseOf in
// src/contract/trading-account.ts): a loss beyond its position's margin and the cash is taken from the book's other
// margin, and only what the whole book cannot cover is the house's; balances never go below zero.
// This file holds what every money event shares: the book as its figures see it (bookState, figuresOf), the legs and
// the journal of a fee an earlier version left in the margin account. The events themselves: opens and limit
// placements in orders.money-open.ts, closes in orders.money-close.ts, a limit order's fill and cancel in
// orders.money-limit.ts.
import type { FloatingInFree } from '#contract/orders.ts'
import { bookFigures, type BookHolding } from '#contract/trading-account.ts'
import { dec, type Dec, type Rates } from '#contract/trading-math.ts'
import type { Ticker } from '#contract/socket.ts'
import type { BookBalances } from '../../ledger/books.ts'
import type { JournalInput, Leg } from '../../ledger/post.ts'
import type { Book, SystemKind, Tx, UserKind } from '../../ledger/types.ts'
import { bookKey, booksHeld, openPositions } from './orders.repository.ts'
import type { OrderRow } from './orders.table.ts'
import { floating } from './orders.view.ts'

export type Pricing = { quote: (symbol: string) => Ticker | undefined; rates: Rates; floatingInFree: FloatingInFree }

export const userLeg = (userId: string, book: Book, kind: UserKind, currency: string, amount: Dec): Leg => ({
  account: { ownerId: userId, book, kind },
  currency,
  amount: amount.toFixed(),
})
export const houseLeg = (book: Book, kind: SystemKind, currency: string, amount: Dec): Leg => ({
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

/**
 * The opening fee of a row an earlier version left in the user's margin account (feePosted false), to the house
 * fees account: a journal of its own, keyed fee:<no>, which the row's close posts first. Opens now pay their fee in
 * the opening's own journal (orders.money-open.ts); versions between 0022 and that posted it as this journal in the
 * open's transaction, so a row marked posted has it already (the same key: never charged twice).
 */
export const feeJournal = (row: OrderRow): JournalInput => ({
  kind: 'trade',
  reason: 'trade.fee',
  reference: String(row.id),
  idempotencyKey: `fee:${row.id}`,
  userId: row.userId,
  legs: [userLeg(row.userId, row.book, 'margin', row.marginCurrency, dec(row.fee).neg()), houseLeg(row.book, 'fees', row.marginCurrency, dec(row.fee))],
})
