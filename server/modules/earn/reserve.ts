// The house reserve of yield products (docs/earn.md): per book and currency, two house accounts, always shard 0:
// - earn_reserve: free funds, which operators add to (fund) and which products take their promises from;
// - earn_earmarked: what running products may still pay, moved out of the free reserve at purchase (earmark),
//   paid to users from there (payFromEarmark), and whatever a product no longer needs goes back (release).
// The operators' capital comes from earn_funding. Taking from the free reserve happens only under reserveLock, after
// checking that enough is free, so the free reserve never goes below zero: every promise is covered when it is made.
// Other products (financing, staking) use the same calls with their own reasons.
import { sql } from 'drizzle-orm'
import { dec } from '#contract/trading-math.ts'
import type { JournalInput, Leg } from '../../ledger/post.ts'
import { trim } from '../../ledger/reconcile.ts'
import type { Book, DbOrTx, SystemKind, Tx, UserKind } from '../../ledger/types.ts'

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
/** A leg on one of the reserve's house accounts (shard 0). */
export const houseLeg = (book: Book, kind: SystemKind, currency: string, amount: string): Leg => ({
  account: { ownerId: null, book, kind, shard: 0 },
  currency,
  amount,
})
/** A leg on the user's own account of `kind` (available, or the product's account that holds the principal). */
export const userLeg = (userId: string, book: Book, kind: UserKind, currency: string, amount: string): Leg => ({
  account: { ownerId: userId, book, kind },
  currency,
  amount,
})
const neg = (amount: string) => dec(amount).neg().toFixed()

/** Operators' capital into the free reserve; `key` makes a repeated request post nothing. */
export const fundJournal = (book: Book, currency: string, amount: string, key: string): JournalInput => ({
  kind: 'yield',
  reason: 'earn.fund',
  idempotencyKey: `earn-fund:${key}`,
  legs: [houseLeg(book, 'earn_funding', currency, neg(amount)), houseLeg(book, 'earn_reserve', currency, dec(amount).toFixed())],
})

/** Free reserve -> earmarked. Call under reserveLock, after freeReserve said it is there. */
export const earmarkLegs = (book: Book, currency: string, amount: string): Leg[] => [
  houseLeg(book, 'earn_reserve', currency, neg(amount)),
  houseLeg(book, 'earn_earmarked', currency, dec(amount).toFixed()),
]

/** Earmarked -> free reserve: what a product will no longer pay (an early exit, an unused remainder). */
export const releaseLegs = (book: Book, currency: string, amount: string): Leg[] => [
  houseLeg(book, 'earn_earmarked', currency, neg(amount)),
  houseLeg(book, 'earn_reserve', currency, dec(amount).toFixed()),
]

/** Earmarked -> the user's available: a yield paid. (The daily accrual posts the same legs set-based in SQL.) */
export const payFromEarmarkLegs = (userId: string, book: Book, currency: string, amount: string): Leg[] => [
  houseLeg(book, 'earn_earmarked', currency, neg(amount)),
  userLeg(userId, book, 'available', currency, dec(amount).toFixed()),
]

/** Into the free reserve from a user's product account (the damages of an early exit). */
export const intoReserveLeg = (book: Book, currency: string, amount: string): Leg => houseLeg(book, 'earn_reserve', currency, dec(amount).toFixed())

/**
 * Serialises whatever takes from one book's free reserve in one currency, until the transaction ends. An advisory
 * lock, not FOR UPDATE: the server's role may not lock account rows (docs/operations.md); everything that takes from
 * the free reserve takes this lock first, and what adds to it can only make the check more true.
 */
export async function reserveLock(tx: Tx, book: Book, currency: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`earn-reserve:${book}:${currency}`}, 7351041))`)
}

/** The free reserve now (0 before it was ever funded). */
export async function freeReserve(handle: DbOrTx, book: Book, currency: string): Promise<string> {
  const [row] = rowsOf<{ balance: string }>(
    await handle.execute(
      sql`SELECT balance::text AS balance FROM accounts WHERE owner_id IS NULL AND book = ${book} AND currency = ${currency} AND kind = 'earn_reserve' AND shard = 0`,
    ),
  )
  return trim(row?.balance ?? '0')
}

export type ReserveBalance = { book: Book; currency: string; free: string; earmarked: string }

/** Every book's and currency's free and earmarked reserve. */
export async function reserveBalances(handle: DbOrTx): Promise<ReserveBalance[]> {
  const rows = rowsOf<{ book: Book; currency: string; kind: string; balance: string }>(
    await handle.execute(sql`
      SELECT book, currency, kind, sum(balance)::text AS balance FROM accounts
      WHERE owner_id IS NULL AND kind IN ('earn_reserve', 'earn_earmarked') GROUP BY book, currency, kind ORDER BY book DESC, currency`),
  )
  const byKey = new Map<string, ReserveBalance>()
  for (const row of rows) {
    const key = `${row.book}:${row.currency}`
    const line = byKey.get(key) ?? { book: row.book, currency: row.currency, free: '0', earmarked: '0' }
    if (row.kind === 'earn_reserve') line.free = trim(row.balance)
    else line.earmarked = trim(row.balance)
    byKey.set(key, line)
  }
  return [...byKey.values()]
}

/** Coverage: what the reserve holds (free + earmarked) ÷ the most still owed; null when nothing is owed. */
export function coverageOf(free: string, earmarked: string, owed: string): string | null {
  if (dec(owed).isZero()) return null
  return dec(free).plus(earmarked).div(owed).toDecimalPlaces(4).toFixed()
}
