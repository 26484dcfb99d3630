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
// Concurrency: accounts a posting names by what they are are opened first, in a statement of their own
// (open-accounts.ts); ledger_post_batch then locks every account it touches in id order and inserts journals in key
// order, so batches and single postings queue instead of deadlocking. Idempotency: the journal's key is UNIQUE; a
// key seen before answers the first journal (replayed) and posts nothing; a key used by another transaction
// meanwhile makes the batch retry.
// Inside a caller's transaction the posting joins that transaction as a batch of one, and a 409 does not abort it.
import { sql } from 'drizzle-orm'
import { named } from '../db/named.ts'
import { perDatabase } from '../db/per-database.ts'
import { AppError } from '../app-error.ts'
import { isMissingAccount, isPostingError, pgError, retrying } from './db-errors.ts'
import type { Db } from '../db/client.ts'
import { checkLegs, type ItemLeg, type Leg } from './legs.ts'
import { forgetAccounts, openAccounts, withIds, type KnownAccounts } from './open-accounts.ts'
import { houseShardOf } from './shards.ts'
import type { Book, DbOrTx, Reason, Tx } from './types.ts'

export type { Leg } from './legs.ts'

export type JournalInput = {
  kind: string
  reason: Reason
  reference?: string | null
  idempotencyKey: string
  userId?: string | null
  legs: Leg[]
  /** postJournalsInTx only: the index of an earlier input of the same call this one goes with. It posts only if that
   * one posted (or was replayed), and is refused with it otherwise (0021_ledger_items_together.sql). */
  after?: number
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

/**
 * Refusals: 400 for an unknown currency, an amount finer than its currency's scale or beyond numeric(38,18); 409 for
 * insufficient funds or a balance that would leave numeric(38,18). A leg that is plainly a bug (unbalanced legs, an
 * account named twice over) throws a plain Error.
 */
export async function postJournal(handle: DbOrTx, input: JournalInput): Promise<Posted> {
  if (!isTx(handle)) return batcherOf(handle).post(await itemOf(handle, input))
  const [outcome] = await postJournalsInTx(handle, [input])
  if (outcome instanceof AppError) throw outcome
  return outcome!
}

const itemOf = async (handle: DbOrTx, input: JournalInput): Promise<Item> => ({
  kind: input.kind,
  reason: input.reason,
  reference: input.reference ?? null,
  key: input.idempotencyKey,
  user: input.userId ?? null,
  legs: await checkLegs(handle, input.legs, houseShardOf(handle, input.userId ?? input.legs.find((leg) => leg.account?.ownerId)?.account?.ownerId)),
  after: null,
})

/**
 * Several postings inside the caller's transaction, in one call of ledger_post_batch (each against the balances the
 * ones before it left): each answers its Posted or its refusal (the AppError postJournal would throw), in order. A
 * refusal changes nothing and does not abort the transaction.
 */
export async function postJournalsInTx(tx: Tx, inputs: JournalInput[]): Promise<(Posted | AppError)[]> {
  const items: (Item | AppError)[] = []
  // Where each input sits in the call (1-based), for the "after" of the inputs that go with it.
  const sentAt = new Map<number, number>()
  for (const [i, input] of inputs.entries()) {
    const after = input.after
    if (after !== undefined && !(after >= 0 && after < i)) throw new Error(`ledger: input ${i} goes with ${after}, which is not before it`)
    const item =
      after !== undefined && !sentAt.has(after) ? (items[after] as AppError) : await itemOf(tx, input).catch((error: unknown) => refusedWith(error))
    if (!(item instanceof AppError)) {
      if (after !== undefined) item.after = sentAt.get(after)!
      sentAt.set(i, sentAt.size + 1)
    }
    items.push(item)
  }
  const posting = items.filter((item): item is Item => !(item instanceof AppError))
  const opened = openedInTx(tx)
  await openAccounts(tx, posting.flatMap((item) => item.legs), opened)
  let outcomes: Outcome[]
  try {
    outcomes = posting.length > 0 ? await runBatch(tx, posting, opened) : []
  } catch (error) {
    if (isMissingAccount(error)) forgetAccounts(posting.flatMap((item) => item.legs), opened)
    throw refusalOf(error)
  }
  let next = 0
  return items.map((item) => {
    if (item instanceof AppError) return item
    try {
      return settle(outcomes[next++]!)
    } catch (error) {
      return refusedWith(error)
    }
  })
}

/** A refusal as a value; anything else (a bug, the database gone) is thrown on. */
function refusedWith(error: unknown): AppError {
  if (error instanceof AppError) return error
  throw error
}

/**
 * Accounts postings inside callers' transactions on a database opened or saw opened, with their ids, one map per
 * database (per-database.ts: another app in the process has accounts of its own): a user's orders post on the same
 * few accounts again and again, and opening them each time cost a statement per posting. The map is wrong when the
 * opening transaction rolled back: ledger_post_batch then refuses the leg (isMissingAccount), that transaction fails,
 * and its accounts are forgotten here, so the retry opens them again.
 */
const openedInTx = perDatabase<KnownAccounts>(() => new Map())

/** A posting as ledger_post_batch reads it. */
type Item = {
  kind: string
  reason: string
  reference: string | null
  key: string
  user: string | null
  legs: ItemLeg[]
  /** The item (1-based, in the same call) this one goes with, or null. */
  after: number | null
}

type Outcome = { status: 'posted' | 'replayed' | 'insufficient' | 'overflow' | 'skipped'; journalId: string | null; createdAt: Date | null; touched: Posted['touched'] }

function settle(outcome: Outcome): Posted {
  // Skipped: the item it went with was refused, for want of funds as a rule.
  if (outcome.status === 'insufficient' || outcome.status === 'skipped') throw new AppError(409, 'insufficientFunds')
  if (outcome.status === 'overflow') throw new AppError(409, 'balanceTooLarge')
  return { journalId: outcome.journalId!, createdAt: outcome.createdAt!, replayed: outcome.status === 'replayed', touched: outcome.touched }
}

/** numeric_value_out_of_range: a balance or amount that numeric(38,18) cannot hold, which ledger_post_batch should
 * have refused as 'overflow' already; still a 409 for the caller, never a 500. */
function refusalOf(error: unknown): unknown {
  return pgError(error)?.code === '22003' ? new AppError(409, 'balanceTooLarge') : error
}

type Row = { item: number; journal_id: string | null; journal_created_at: Date | string | null; status: Outcome['status']; touched: unknown }

/** One call of ledger_post_batch: its own transaction on the Db, part of the caller's in a Tx; a named statement,
 * parsed and planned once per connection (server/db/named.ts). Legs on accounts `known` has name them by id. */
async function runBatch(handle: DbOrTx, items: Item[], known: KnownAccounts): Promise<Outcome[]> {
  const json = JSON.stringify(items.map((item) => ({ ...item, legs: withIds(item.legs, known) })))
  const rows = await named<Row>(
    handle,
    'ledger_post_batch_v1',
    sql`SELECT item, journal_id, journal_created_at, status, touched FROM ledger_post_batch(${json}::jsonb)`,
  )
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
  /** Accounts known to exist, with their ids (open-accounts.ts). */
  private readonly known: KnownAccounts = new Map()
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
      const legs = items.flatMap((item) => item.legs)
      outcomes = await retrying(async () => {
        await openAccounts(this.db, legs, this.known)
        return runBatch(this.db, items, this.known).catch((error: unknown) => {
          if (isMissingAccount(error)) forgetAccounts(legs, this.known)
          throw error
        })
      }, MAX_ATTEMPTS)
    } catch (error) {
      if (batch.length === 1 || !isPostingError(error)) {
        for (const w of batch) w.reject(refusalOf(error))
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
