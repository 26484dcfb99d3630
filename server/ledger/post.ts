// postJournal: the only code that writes balances. One journal, its entries summing to zero per currency, atomic:
// the legs are checked here (decimal.js), then posted by one call of the SQL function ledger_post
// (0005_ledger_post.sql) — one round trip, its own transaction when called with the Db, or part of the caller's.
// The database enforces the rules again (0004_ledger_rules.sql).
//
// Concurrency: ledger_post locks the account rows with SELECT ... FOR UPDATE in id order, so two postings touching
// the same accounts queue instead of deadlocking. Idempotency: the journal's key is UNIQUE; INSERT ... ON CONFLICT
// DO NOTHING makes a second posting with the key wait for the first to commit, then read the first journal back.
// An overdraft raises check_violation on accounts_owner_balance_check, answered as AppError(409).
import { Decimal } from './decimal.ts'
import { sql } from 'drizzle-orm'
import { AppError } from '../app-error.ts'
import { isOverdraft, isRetryable } from './db-errors.ts'
import type { AccountSpec, Book, DbOrTx, Reason, Tx } from './types.ts'

export type Leg = { accountId?: string; account?: AccountSpec; amount: string; currency: string }

export type JournalInput = {
  kind: string
  reason: Reason
  reference?: string | null
  idempotencyKey: string
  userId?: string | null
  legs: Leg[]
}

export type Posted = {
  journalId: string
  createdAt: Date
  /** True when the key was seen before: nothing was posted, the first journal is answered. */
  replayed: boolean
  /** Users whose books this posting changed (for the balance_update push). */
  touched: { userId: string; book: Book }[]
}

const MAX_ATTEMPTS = 4
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

const isTx = (handle: DbOrTx): handle is Tx => 'rollback' in handle

export async function postJournal(handle: DbOrTx, input: JournalInput): Promise<Posted> {
  const legs = checkLegs(input.legs)
  // Inside a caller's transaction a failure aborts that transaction, so only a posting of its own is retried.
  if (isTx(handle)) return postIn(handle, input, legs)
  for (let attempt = 1; ; attempt++) {
    try {
      return await postIn(handle, input, legs)
    } catch (error) {
      if (!isRetryable(error) || attempt >= MAX_ATTEMPTS) throw error
    }
  }
}

/** Amounts are decimal strings; zero legs are dropped; what is left must balance per currency. */
function checkLegs(legs: Leg[]): (Leg & { value: Decimal })[] {
  const sums = new Map<string, Decimal>()
  const out: (Leg & { value: Decimal })[] = []
  for (const leg of legs) {
    if (!leg.accountId === !leg.account) throw new Error('ledger: a leg names an account id or a spec, not both')
    const value = new Decimal(leg.amount)
    if (!value.isFinite() || value.decimalPlaces() > 18 || value.abs().gte('1e20')) throw new Error(`ledger: bad amount ${leg.amount}`)
    if (value.isZero()) continue
    sums.set(leg.currency, (sums.get(leg.currency) ?? new Decimal(0)).plus(value))
    out.push({ ...leg, value })
  }
  for (const [currency, sum] of sums) if (!sum.isZero()) throw new Error(`ledger: legs do not balance in ${currency}`)
  return out
}

async function postIn(tx: DbOrTx, input: JournalInput, legs: (Leg & { value: Decimal })[]): Promise<Posted> {
  const json = JSON.stringify(
    legs.map((leg) => ({
      account: leg.accountId ?? null,
      owner: leg.account?.ownerId ?? null,
      book: leg.account?.book ?? null,
      kind: leg.account?.kind ?? null,
      currency: leg.currency,
      amount: leg.value.toFixed(),
    })),
  )
  try {
    const [row] = rowsOf<{ journal_id: string; journal_created_at: Date | string; replayed: boolean; touched: unknown }>(
      await tx.execute(sql`
        SELECT * FROM ledger_post(${input.kind}, ${input.reason}, ${input.reference ?? null}, ${input.idempotencyKey},
          ${input.userId ?? null}::uuid, ${json}::jsonb)`),
    )
    const touched = (typeof row!.touched === 'string' ? JSON.parse(row!.touched) : row!.touched) as Posted['touched']
    return { journalId: row!.journal_id, createdAt: new Date(row!.journal_created_at), replayed: row!.replayed, touched }
  } catch (error) {
    if (isOverdraft(error)) throw new AppError(409, 'insufficientFunds')
    throw error
  }
}
