// postJournal: the only code that writes balances. One journal, its entries summing to zero per currency, atomic.
// The legs are checked here (decimal.js), then posted by the SQL function ledger_post_batch (0006_ledger_batches.sql);
// the database enforces the rules again (0004_ledger_rules.sql, 0006_ledger_batches.sql).
//
// Batches: postings made on the Db (not inside a caller's transaction) wait in a queue, and each round trip posts
// everything that is waiting, up to MAX_BATCH, in one transaction; up to MAX_IN_FLIGHT batches run at once. A lone
// posting is a batch of one and goes at once. Batching is what lets one PostgreSQL on 2 cores pass 2 000 postings a
// second (npm run bench:ledger): commit, round trip and statements are paid per batch, not per posting.
// Each posting still stands alone: its own idempotency key, its own answer, its own 409 when it would overdraw.
// A batch that fails on one posting's data (an unknown account, a currency mismatch) is split, so only the culprit
// fails; any other failure (the database gone, retries used up) fails the whole batch.
//
// Concurrency: ledger_post_batch locks every account it touches in id order, so batches and single postings queue
// instead of deadlocking. Idempotency: the journal's key is UNIQUE; a key seen before answers the first journal
// (replayed) and posts nothing; a key used by another transaction meanwhile makes the batch retry.
// Inside a caller's transaction the posting joins that transaction as a batch of one, and a 409 does not abort it.
import { Decimal } from './decimal.ts'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { AppError } from '../app-error.ts'
import { isPostingError, retrying } from './db-errors.ts'
import type { Db } from '../db/client.ts'
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
const MAX_BATCH = 64
const MAX_IN_FLIGHT = 4

const isTx = (handle: DbOrTx): handle is Tx => 'rollback' in handle

export async function postJournal(handle: DbOrTx, input: JournalInput): Promise<Posted> {
  const item = toItem(input)
  if (isTx(handle)) return settle((await runBatch(handle, [item]))[0]!)
  return batcherOf(handle).post(item)
}

/** A posting as ledger_post_batch reads it. */
type Item = {
  kind: string
  reason: string
  reference: string | null
  key: string
  user: string | null
  legs: { account: string | null; owner: string | null; book: string | null; kind: string | null; currency: string; amount: string }[]
}

type Outcome = { status: 'posted' | 'replayed' | 'insufficient'; journalId: string | null; createdAt: Date | null; touched: Posted['touched'] }

/** Amounts are decimal strings; zero legs are dropped; what is left must balance per currency. */
function toItem(input: JournalInput): Item {
  const sums = new Map<string, Decimal>()
  const legs: Item['legs'] = []
  for (const leg of input.legs) {
    if (!leg.accountId === !leg.account) throw new Error('ledger: a leg names an account id or a spec, not both')
    const value = new Decimal(leg.amount)
    if (!value.isFinite() || value.decimalPlaces() > 18 || value.abs().gte('1e20')) throw new Error(`ledger: bad amount ${leg.amount}`)
    if (value.isZero()) continue
    sums.set(leg.currency, (sums.get(leg.currency) ?? new Decimal(0)).plus(value))
    legs.push({
      account: leg.accountId ?? null,
      owner: leg.account?.ownerId ?? null,
      book: leg.account?.book ?? null,
      kind: leg.account?.kind ?? null,
      currency: leg.currency,
      amount: value.toFixed(),
    })
  }
  for (const [currency, sum] of sums) if (!sum.isZero()) throw new Error(`ledger: legs do not balance in ${currency}`)
  return { kind: input.kind, reason: input.reason, reference: input.reference ?? null, key: input.idempotencyKey, user: input.userId ?? null, legs }
}

function settle(outcome: Outcome): Posted {
  if (outcome.status === 'insufficient') throw new AppError(409, 'insufficientFunds')
  return { journalId: outcome.journalId!, createdAt: outcome.createdAt!, replayed: outcome.status === 'replayed', touched: outcome.touched }
}

type Row = { item: number; journal_id: string | null; journal_created_at: Date | string | null; status: Outcome['status']; touched: unknown }

// On PostgreSQL, a named prepared statement on the pool: each connection parses and plans it once.
const PREPARED = {
  name: 'ledger_post_batch_v1',
  text: 'SELECT item, journal_id, journal_created_at, status, touched FROM ledger_post_batch($1::jsonb)',
}
const poolOf = (handle: DbOrTx): pg.Pool | null => {
  const client = (handle as { $client?: unknown }).$client
  return client instanceof pg.Pool ? client : null
}

/** One call of ledger_post_batch: its own transaction on the Db, part of the caller's in a Tx. */
async function runBatch(handle: DbOrTx, items: Item[]): Promise<Outcome[]> {
  const json = JSON.stringify(items)
  const pool = isTx(handle) ? null : poolOf(handle)
  const rows = pool
    ? (await pool.query<Row>({ ...PREPARED, values: [json] })).rows
    : (
        (await handle.execute(
          sql`SELECT item, journal_id, journal_created_at, status, touched FROM ledger_post_batch(${json}::jsonb)`,
        )) as unknown as { rows: Row[] }
      ).rows
  const outcomes: Outcome[] = new Array(items.length)
  for (const row of rows) {
    const touched = (typeof row.touched === 'string' ? JSON.parse(row.touched) : row.touched) as Posted['touched']
    outcomes[Number(row.item) - 1] = {
      status: row.status,
      journalId: row.journal_id,
      createdAt: row.journal_created_at === null ? null : new Date(row.journal_created_at),
      touched,
    }
  }
  return outcomes
}

type Waiting = { item: Item; resolve: (posted: Posted) => void; reject: (error: unknown) => void }

class Batcher {
  private queue: Waiting[] = []
  private inFlight = 0
  private scheduled = false
  private readonly db: Db

  constructor(db: Db) {
    this.db = db
  }

  post(item: Item): Promise<Posted> {
    return new Promise<Posted>((resolve, reject) => {
      this.queue.push({ item, resolve, reject })
      // Postings made in the same tick go together.
      if (!this.scheduled) {
        this.scheduled = true
        queueMicrotask(() => {
          this.scheduled = false
          this.dispatch()
        })
      }
    })
  }

  private dispatch(): void {
    while (this.queue.length > 0 && this.inFlight < MAX_IN_FLIGHT) {
      const batch = this.queue.splice(0, MAX_BATCH)
      this.inFlight++
      void this.run(batch).finally(() => {
        this.inFlight--
        this.dispatch()
      })
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    let outcomes: Outcome[]
    try {
      const items = batch.map((w) => w.item)
      outcomes = await retrying(() => runBatch(this.db, items), MAX_ATTEMPTS)
    } catch (error) {
      if (batch.length === 1 || !isPostingError(error)) {
        for (const w of batch) w.reject(error)
        return
      }
      // One posting's data failed the whole batch (an unknown account, a currency mismatch): post each alone, one
      // after another, so only the culprit fails and the pool is not flooded.
      for (const w of batch) await this.run([w])
      return
    }
    batch.forEach((w, i) => {
      try {
        w.resolve(settle(outcomes[i]!))
      } catch (error) {
        w.reject(error)
      }
    })
  }
}

const batchers = new WeakMap<Db, Batcher>()
function batcherOf(db: Db): Batcher {
  let batcher = batchers.get(db)
  if (!batcher) batchers.set(db, (batcher = new Batcher(db)))
  return batcher
}
