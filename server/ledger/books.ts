// Each user has a demo and a live book. The demo book is funded once at sign-up and can be reset; both through
// journals against the demo_funding system account, never by editing balances.
import { Decimal } from './decimal.ts'
import { sql } from 'drizzle-orm'
import { DEMO_FUNDS } from '#contract/account.ts'
import { openAccounts } from './open-accounts.ts'
import { postJournal, type Leg, type Posted } from './post.ts'
import { houseShardOf } from './shards.ts'
import type { Book, DbOrTx, Tx } from './types.ts'

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

const demoFundingLeg = (currency: string, amount: Decimal): Leg => ({
  account: { ownerId: null, book: 'demo', kind: 'demo_funding' },
  amount: amount.toFixed(),
  currency,
})

const demoFundingKey = (userId: string) => `demo-funding:${userId}`

/** Funds a new demo book with DEMO_FUNDS; once per user whatever happens (the key is the user id). */
export function fundDemoBook(handle: DbOrTx, userId: string): Promise<Posted> {
  const amount = new Decimal(DEMO_FUNDS.amount)
  return postJournal(handle, {
    kind: 'demo_funding',
    reason: 'demo.funding',
    idempotencyKey: demoFundingKey(userId),
    userId,
    legs: [
      { account: { ownerId: userId, book: 'demo', kind: 'available' }, amount: amount.toFixed(), currency: DEMO_FUNDS.currency },
      demoFundingLeg(DEMO_FUNDS.currency, amount.negated()),
    ],
  })
}

/** Opens the accounts a demo reset may need, outside the reset's transaction (open-accounts.ts says why). */
export function openDemoResetAccounts(db: DbOrTx, userId: string): Promise<void> {
  return openAccounts(db, [
    { account: null, owner: userId, book: 'demo', kind: 'available', shard: null, currency: DEMO_FUNDS.currency, amount: '0' },
    { account: null, owner: null, book: 'demo', kind: 'demo_funding', shard: houseShardOf(db, userId), currency: DEMO_FUNDS.currency, amount: '0' },
  ])
}

/**
 * Brings every account of the user's demo book back to zero and available USDT to DEMO_FUNDS, in one journal, in the
 * caller's transaction. The caller holds the book lock and has closed the book's positions and cancelled its pending
 * orders first (server/modules/orders/book-ops.ts): a margin account emptied under a live order would orphan it.
 * The demo accounts and demo_funding are locked in id order here (ledger_lock_book, 0008_ledger_hardening.sql), so
 * the amounts computed stay true.
 */
export async function resetDemoLocked(tx: Tx, userId: string, idempotencyKey: string): Promise<Posted> {
  const accounts = rowsOf<{ id: string; owner_id: string | null; currency: string; kind: string; balance: string }>(
    await tx.execute(sql`
      SELECT id, owner_id, currency, kind, balance::text AS balance FROM ledger_lock_book(${userId}::uuid, 'demo', 'demo_funding', ${houseShardOf(tx, userId)}::smallint)`),
  )
  const legs: Leg[] = []
  const net = new Map<string, Decimal>()
  const add = (leg: Leg) => {
    legs.push(leg)
    net.set(leg.currency, (net.get(leg.currency) ?? new Decimal(0)).plus(leg.amount))
  }
  const mine = accounts.filter((a) => a.owner_id === userId)
  for (const a of mine) {
    const target = a.kind === 'available' && a.currency === DEMO_FUNDS.currency ? DEMO_FUNDS.amount : '0'
    add({ accountId: a.id, amount: new Decimal(target).minus(a.balance).toFixed(), currency: a.currency })
  }
  if (!mine.some((a) => a.kind === 'available' && a.currency === DEMO_FUNDS.currency)) {
    add({ account: { ownerId: userId, book: 'demo', kind: 'available' }, amount: DEMO_FUNDS.amount, currency: DEMO_FUNDS.currency })
  }
  for (const [currency, sum] of net) legs.push(demoFundingLeg(currency, sum.negated()))
  return postJournal(tx, { kind: 'demo_reset', reason: 'demo.reset', idempotencyKey, userId, legs })
}

/** Whether the user's demo book was ever funded (one index lookup of the funding journal's key). */
export async function isDemoFunded(handle: DbOrTx, userId: string): Promise<boolean> {
  const rows = rowsOf<{ one: number }>(
    await handle.execute(sql`SELECT 1 AS one FROM journals WHERE idempotency_key = ${demoFundingKey(userId)}`),
  )
  return rows.length > 0
}

export type BookBalance = { currency: string; available: string; inUse: string; locked: string; total: string }

/** The user's balances in one book, per currency (USDT first). */
export async function bookBalances(handle: DbOrTx, userId: string, book: Book): Promise<BookBalances> {
  return balancesOf(
    rowsOf<AccountBalanceRow>(
      await handle.execute(sql`SELECT currency, kind, balance::text AS balance FROM accounts WHERE owner_id = ${userId} AND book = ${book}`),
    ),
  )
}

export type BookBalances = { hasFunds: boolean; currencies: BookBalance[] }
export type AccountBalanceRow = { currency: string; kind: string; balance: string }

/** A book's account rows (currency, kind, balance as text) as balances per currency. */
export function balancesOf(rows: AccountBalanceRow[]): BookBalances {
  const byCurrency = new Map<string, { available: Decimal; inUse: Decimal; locked: Decimal }>()
  byCurrency.set(DEMO_FUNDS.currency, { available: new Decimal(0), inUse: new Decimal(0), locked: new Decimal(0) })
  for (const row of rows) {
    const entry = byCurrency.get(row.currency) ?? { available: new Decimal(0), inUse: new Decimal(0), locked: new Decimal(0) }
    if (row.kind === 'available') entry.available = entry.available.plus(row.balance)
    else if (row.kind === 'margin') entry.inUse = entry.inUse.plus(row.balance)
    // A Smart plan's principal (earn), a financing order's (financing), leading NFT bids (bids) and a staked amount
    // (staking) are the user's, held: shown with what else is held.
    else if (row.kind === 'locked' || row.kind === 'earn' || row.kind === 'financing' || row.kind === 'bids' || row.kind === 'staking') entry.locked = entry.locked.plus(row.balance)
    byCurrency.set(row.currency, entry)
  }
  const currencies = [...byCurrency.entries()].map(([currency, b]) => ({
    currency,
    available: b.available.toFixed(),
    inUse: b.inUse.toFixed(),
    locked: b.locked.toFixed(),
    total: b.available.plus(b.inUse).plus(b.locked).toFixed(),
  }))
  return { hasFunds: rows.some((row) => !new Decimal(row.balance).isZero()), currencies }
}
