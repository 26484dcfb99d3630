// The one definition of a trading book's figures (docs/trading-account.md): balance, equity, margin in use, the reservation
// of pending orders, free margin, margin level, and whether an order can be paid. The ticket, the account screen,
// every server check, fills, the engine and stop-out all compute them here, so the number a user sees is the number
// the engine acts on.
//
// The ledger holds a book as `available` cash and a `margin` account. The margin account holds the open positions'
// margin AND what pending limit orders reserve; only the positions' margin counts as "margin in use" (the level's
// divisor, as MetaTrader 5 has it, where pending orders hold no margin). The reservation is shown apart.
//
// Floating P/L counts in free margin as the FloatingInFree setting says (MT5's "use unrealized profit/loss"
// choices). Whatever the setting, an order is paid in cash: the ledger refuses any posting that takes `available`
// below zero, so "can pay" also needs the cash. With the default, "loss only", free margin never exceeds the cash,
// so the figure shown is exactly what can be spent.
import type { FloatingInFree } from './orders.ts'
import { dec, type Dec, type Num } from './trading-math.ts'

export type { FloatingInFree }
export const DEFAULT_FLOATING_IN_FREE: FloatingInFree = 'loss_only'

export type BookInput = {
  /** The book's `available` cash (margin currency). */
  available: Num
  /** What the ledger's margin account holds: open positions' margin plus pending orders' reservations. */
  marginAccount: Num
  /** Every open position's margin (fixed at opening) and floating P/L at the current price. */
  positions: readonly { margin: Num; profit: Num }[]
  floatingInFree: FloatingInFree
}

export type BookFigures = {
  /** available + margin account: the cash the book holds, before floating P/L. */
  balance: Dec
  floating: Dec
  /** balance + floating P/L. */
  equity: Dec
  /** Margin in use: the open positions' margin only. */
  margin: Dec
  /** Held for pending orders (margin account − positions' margin): not in use, not free. */
  reserved: Dec
  /** The cash not held, plus floating P/L as the setting counts it; may be negative. */
  freeMargin: Dec
  available: Dec
  /** equity / margin × 100, exact; null with no margin in use. */
  marginLevel: Dec | null
}

const ZERO = dec('0')
const HUNDRED = dec('100')

/** Floating P/L as free margin counts it. */
export function countedFloating(floating: Num, mode: FloatingInFree): Dec {
  const f = dec(floating)
  if (mode === 'profit_and_loss') return f
  if (mode === 'loss_only') return f.isNeg() ? f : ZERO
  return ZERO
}

export function bookFigures(input: BookInput): BookFigures {
  const available = dec(input.available)
  const marginAccount = dec(input.marginAccount)
  let margin = ZERO
  let floating = ZERO
  for (const p of input.positions) {
    margin = margin.plus(p.margin)
    floating = floating.plus(p.profit)
  }
  const balance = available.plus(marginAccount)
  const equity = balance.plus(floating)
  const reserved = marginAccount.minus(margin)
  return {
    balance,
    floating,
    equity,
    margin,
    reserved: reserved.isNeg() ? ZERO : reserved,
    freeMargin: available.plus(countedFloating(floating, input.floatingInFree)),
    available,
    marginLevel: margin.isZero() ? null : equity.div(margin).times(HUNDRED),
  }
}

/** What stands between a book and an order needing `needed` (margin + fee): nothing, margin, or cash. */
export type PayProblem = null | 'margin' | 'cash'

/**
 * Whether a book can pay `needed` now: free margin (as the setting counts floating P/L) must cover it, and so must
 * the cash, which is what the ledger moves. 'cash' only arises when floating profit is counted.
 */
export function payProblem(f: Pick<BookFigures, 'freeMargin' | 'available'>, needed: Num): PayProblem {
  if (f.freeMargin.lt(needed)) return 'margin'
  if (f.available.lt(needed)) return 'cash'
  return null
}

export const canPay = (f: Pick<BookFigures, 'freeMargin' | 'available'>, needed: Num): boolean => payProblem(f, needed) === null

/** What may be spent now: the smaller of free margin and cash, never below zero. */
export function spendable(f: Pick<BookFigures, 'freeMargin' | 'available'>): Dec {
  const least = f.freeMargin.lt(f.available) ? f.freeMargin : f.available
  return least.isNeg() ? ZERO : least
}

/** The book after paying `needed` for a new position holding `margin` with floating P/L `profit` (the ticket's
 * "after"): the cash leaves available, the margin joins the margin account, the fee (needed − margin) is gone. */
export function afterOpen(input: BookInput, needed: Num, margin: Num, profit: Num): BookFigures {
  return bookFigures({
    ...input,
    available: dec(input.available).minus(needed),
    marginAccount: dec(input.marginAccount).plus(margin),
    positions: [...input.positions, { margin, profit }],
  })
}

/**
 * What a book holds as a close or a release settles against it: the ledger's two accounts and what the margin account
 * lacks of the margin its live orders hold (`drawn`: a loss once taken from other orders' margin, not yet paid back).
 */
export type BookHolding = { available: Num; marginAccount: Num; drawn: Num }

export type Release = {
  /** The P/L settled with the house: the P/L, a loss capped at what the whole book holds. */
  settled: Dec
  /** The part of the loss the book could not cover, which the house absorbs (0 or more). */
  absorbed: Dec
  /** What the release moves in the book's available and margin accounts (their sum is `settled`). */
  available: Dec
  margin: Dec
  /** Change of `drawn`: positive when other orders' margin paid the loss, negative when a release paid it back. */
  drawn: Dec
  after: { available: Dec; marginAccount: Dec; drawn: Dec }
}

/**
 * Loss protection, one rule per book whichever path closes (docs/trading-account.md, "Loss protection"): an order
 * holding `margin` leaves the book with P/L `pl` (0 for a cancel). Its margin comes back less whatever the book still
 * owes its margin account (`drawn` is paid back first); a loss is paid from that, then from the cash, then from the
 * margin of the book's other orders, and only what the whole book cannot cover is the house's.
 */
export function releaseOf(book: BookHolding, margin: Num, pl: Num): Release {
  const available = dec(book.available)
  const marginAccount = dec(book.marginAccount)
  const drawn = dec(book.drawn)
  const m = dec(margin)
  const p = dec(pl)
  const owed = m.minus(drawn)
  const back = owed.isNeg() ? ZERO : owed.gt(marginAccount) ? marginAccount : owed
  const holds = available.plus(marginAccount)
  const settled = p.isNeg() && p.lt(holds.neg()) ? holds.neg() : p
  let toAvailable = back.plus(settled)
  let toMargin = back.neg()
  if (toAvailable.lt(available.neg())) {
    // More than this margin and the cash: the rest comes out of the margin the book's other orders hold.
    toAvailable = available.neg()
    toMargin = settled.minus(toAvailable)
  }
  const drawnChange = toMargin.neg().minus(m)
  return {
    settled,
    absorbed: settled.minus(p),
    available: toAvailable,
    margin: toMargin,
    drawn: drawnChange,
    after: { available: available.plus(toAvailable), marginAccount: marginAccount.plus(toMargin), drawn: drawn.plus(drawnChange) },
  }
}
