// The idempotency_keys table's four moves: claim a key (or find its first outcome), store the outcome, give a key
// back after a failure that must not be final, and prune old keys. Every time is the app's clock, passed in.
// Claims and stored outcomes made at the same moment by many requests go to the database together, one statement
// each way (server/db/batches.ts): every money call makes both, and alone they were two of its round trips.
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { MessageValues } from '../app-error.ts'
import { Batches, batchesPer } from '../db/batches.ts'
import { named } from '../db/named.ts'
import type { Db } from '../db/client.ts'
import type { DbOrTx } from '../ledger/types.ts'
import { idempotencyKeys } from './idempotency.table.ts'

/**
 * A running key whose attempt began longer ago than this was left by a process that died (or lost its database)
 * mid-request: the next request with the key may take it over. Nothing can hold a row lock for a request's whole
 * run (PGlite has one connection, and a transaction per request would pin a pool connection), so age is the test.
 * One minute is far beyond a healthy money call (the app gives up after 8 s) and short enough that a user retrying
 * after a crash is not stuck. If a live attempt is ever that slow, both run, and the ledger still posts once: the
 * key the handler gives the ledger is the same for both (route.ts).
 */
export const STALE_AFTER_MS = 60_000

/** Keys are answered from the store for at least this long; the leader prunes them after (server/jobs). */
export const KEEP_KEYS_MS = 24 * 60 * 60 * 1000

export type Scope = { userId: string; endpoint: string; key: string }

/** A refusal's `data` is what its envelope carried (a 409 priceMoved's quote), replayed with it; null for most. */
export type Outcome = { statusCode: 200; data: unknown } | { statusCode: number; messageKey: string; params: MessageValues | null; data?: unknown }

export type Claim =
  | { kind: 'claimed'; attempt: string; tookOver: boolean }
  | { kind: 'done'; outcome: Outcome }
  | { kind: 'otherRequest' }
  | { kind: 'running' }

const match = (scope: Scope) =>
  and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.endpoint, scope.endpoint), eq(idempotencyKeys.key, scope.key))

const ofAttempt = (scope: Scope, attempt: string) =>
  and(match(scope), eq(idempotencyKeys.attempt, attempt), eq(idempotencyKeys.state, 'running'))

// jsonb travels as text both ways, so a stored string answer comes back a string (drizzle's jsonb would parse '"1"'
// into 1) and both drivers read the same thing.
const fromJsonb = (text: string | null): unknown => (text === null ? null : JSON.parse(text))

export type NewClaim = { user_id: string; endpoint: string; key: string; fingerprint: string; attempt: string; at: string }

// Each key's lock first (0051_keys_locked_stored_once.sql: a batch of orders holding the key is waited for), then the
// rows in key order, so two batches naming the same keys wait for each other instead of deadlocking. Each claim
// answers whether its own attempt got the key (a key already there, or twice in the batch, keeps the first).
export async function insertClaims(handle: DbOrTx, rows: NewClaim[]): Promise<boolean[]> {
  // Named: parsed and planned once per connection (server/db/named.ts).
  const won = await named<{ attempt: string }>(
    handle,
    'idempotency_claims_v2',
    sql`SELECT attempt::text AS attempt FROM idempotency_claims(${JSON.stringify(rows)}::jsonb)`,
  )
  const attempts = new Set(won.map((r) => r.attempt))
  return rows.map((r) => attempts.has(r.attempt))
}

/**
 * In a batch's transaction (in-transaction.ts): takes the locks of these keys until the commit, waiting for any
 * transaction that holds one, and answers which of them are already stored.
 */
export async function lockKeys(tx: DbOrTx, scopes: Scope[]): Promise<boolean[]> {
  const rows = scopes.map((s, n) => ({ n, user_id: s.userId, endpoint: s.endpoint, key: s.key }))
  const taken = await named<{ n: number }>(tx, 'idempotency_lock_keys_v1', sql`SELECT n FROM idempotency_lock_keys(${JSON.stringify(rows)}::jsonb)`)
  const found = new Set(taken.map((r) => r.n))
  return scopes.map((_, n) => found.has(n))
}

/**
 * In the same transaction, once its work is done: each key with its outcome, in one write. The keys' locks (lockKeys)
 * keep every other claim out until the commit, so each row goes in; a key found stored all the same fails the
 * statement (a unique violation), and with it the transaction, even when its COMMIT has gone out behind it
 * (server/db/pipelined.ts).
 */
export async function insertOutcomes(tx: DbOrTx, rows: (Stored & { fingerprint: string })[]): Promise<void> {
  await named(
    tx,
    'idempotency_insert_outcomes_v2',
    sql`
      INSERT INTO idempotency_keys (user_id, endpoint, key, fingerprint, state, attempt, claimed_at, status_code,
          message_key, message_params, data, created_at, completed_at)
        SELECT v.user_id, v.endpoint, v.key, v.fingerprint, 'done', v.attempt, v.at, v.status_code, v.message_key,
          v.message_params, v.data, v.at, v.at
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(user_id uuid, endpoint text, key text,
          fingerprint text, attempt uuid, status_code int, message_key text, message_params jsonb, data jsonb, at timestamptz)
        ORDER BY v.user_id, v.endpoint, v.key`,
  )
}
/**
 * Claims go in lanes: `general` for every money endpoint, `inTransaction` for the requests of routes that claim in
 * their work's transaction (in-transaction.ts) and came back to this path. A claim there may wait on a key whose
 * holder has not committed (a batch of orders held on a book lock), and must not hold up other endpoints' claims.
 */
export type ClaimLane = 'general' | 'inTransaction'
const lanes = {
  general: batchesPer((db: Db) => new Batches<NewClaim, boolean>((rows) => insertClaims(db, rows))),
  inTransaction: batchesPer((db: Db) => new Batches<NewClaim, boolean>((rows) => insertClaims(db, rows))),
}

// jsonb travels inside the batch's JSON as the value itself, so a stored string answer stays a string; null and
// undefined are left out, which stores SQL NULL.
export type Stored = {
  user_id: string
  endpoint: string
  key: string
  attempt: string
  status_code: number
  message_key?: string
  message_params?: unknown
  data?: unknown
  at: string
}

/** The row an outcome is stored as. */
export function storedOf(scope: Scope, attempt: string, outcome: Outcome, now: number): Stored {
  const refusal = outcome.statusCode === 200 ? null : (outcome as Extract<Outcome, { messageKey: string }>)
  return {
    user_id: scope.userId,
    endpoint: scope.endpoint,
    key: scope.key,
    attempt,
    status_code: outcome.statusCode,
    message_key: refusal?.messageKey,
    message_params: refusal?.params ?? undefined,
    data: (refusal ? refusal.data : (outcome as { data: unknown }).data) ?? undefined,
    at: new Date(now).toISOString(),
  }
}

// Each outcome answers whether its attempt still held the key (it was not taken over as stale). One probe of the key
// per outcome at any size (0050_named_plans_that_grow.sql).
export async function storeOutcomes(handle: DbOrTx, rows: Stored[]): Promise<boolean[]> {
  const stored = await named<{ attempt: string }>(
    handle,
    'idempotency_outcomes_v2',
    sql`SELECT stored::text AS attempt FROM idempotency_store_outcomes(${JSON.stringify(rows)}::jsonb)`,
  )
  const attempts = new Set(stored.map((r) => r.attempt))
  return rows.map((r) => attempts.has(r.attempt))
}
const outcomes = batchesPer((db: Db) => new Batches<Stored, boolean>((rows) => storeOutcomes(db, rows)))

/** Makes the key this request's, or says why not: its first outcome, another request's key, or still running. */
export async function claimKey(db: Db, scope: Scope, fingerprint: string, now: number, lane: ClaimLane = 'general'): Promise<Claim> {
  const at = new Date(now)
  // A row can vanish between the insert and the read (a failed attempt gave it back, or it was pruned): claim again.
  for (let round = 0; round < 3; round++) {
    const attempt = randomUUID()
    const claim = { user_id: scope.userId, endpoint: scope.endpoint, key: scope.key, fingerprint, attempt, at: at.toISOString() }
    if (await lanes[lane](db).add(claim)) return { kind: 'claimed', attempt, tookOver: false }
    const [row] = await db
      .select({
        fingerprint: idempotencyKeys.fingerprint,
        state: idempotencyKeys.state,
        attempt: idempotencyKeys.attempt,
        claimedAt: idempotencyKeys.claimedAt,
        statusCode: idempotencyKeys.statusCode,
        messageKey: idempotencyKeys.messageKey,
        params: sql<string | null>`${idempotencyKeys.messageParams}::text`,
        data: sql<string | null>`${idempotencyKeys.data}::text`,
      })
      .from(idempotencyKeys)
      .where(match(scope))
    if (!row) continue
    if (row.fingerprint !== fingerprint) return { kind: 'otherRequest' }
    if (row.state === 'done') {
      const outcome: Outcome =
        row.statusCode === 200
          ? { statusCode: 200, data: fromJsonb(row.data) }
          : { statusCode: row.statusCode!, messageKey: row.messageKey!, params: fromJsonb(row.params) as MessageValues | null, data: fromJsonb(row.data) }
      return { kind: 'done', outcome }
    }
    if (row.claimedAt.getTime() > now - STALE_AFTER_MS) return { kind: 'running' }
    // Stale: take it over, unless another request took it over first (the attempt id is the compare-and-swap).
    const taken = await db
      .update(idempotencyKeys)
      .set({ attempt, claimedAt: at })
      .where(ofAttempt(scope, row.attempt))
      .returning({ attempt: idempotencyKeys.attempt })
    if (taken.length > 0) return { kind: 'claimed', attempt, tookOver: true }
  }
  return { kind: 'running' }
}

/** Stores the first outcome; false when this attempt no longer holds the key (it was taken over as stale). */
export async function storeOutcome(db: Db, scope: Scope, attempt: string, outcome: Outcome, now: number): Promise<boolean> {
  return outcomes(db).add(storedOf(scope, attempt, outcome, now))
}

/** Gives the key back after an outcome that must not be final (a 5xx, a crash): the caller may try again. */
export async function releaseKey(db: Db, scope: Scope, attempt: string): Promise<void> {
  await db.delete(idempotencyKeys).where(ofAttempt(scope, attempt))
}

/** Rows one prune statement deletes: small enough to hold its locks briefly, large enough to keep up. */
const PRUNE_BATCH = 5000

/** Deletes keys older than KEEP_KEYS_MS that are finished or stale, in batches; answers how many went. */
export async function pruneIdempotencyKeys(db: Db, now: number): Promise<number> {
  const keptSince = new Date(now - KEEP_KEYS_MS).toISOString()
  const staleSince = new Date(now - STALE_AFTER_MS).toISOString()
  let total = 0
  for (;;) {
    const result = (await db.execute(sql`
      WITH gone AS (
        DELETE FROM idempotency_keys WHERE (user_id, endpoint, key) IN (
          SELECT user_id, endpoint, key FROM idempotency_keys
           WHERE created_at < ${keptSince}::timestamptz AND (state = 'done' OR claimed_at < ${staleSince}::timestamptz)
           LIMIT ${PRUNE_BATCH})
        RETURNING 1)
      SELECT count(*)::int AS n FROM gone`)) as unknown as { rows: { n: number }[] }
    const n = Number(result.rows[0]?.n ?? 0)
    total += n
    if (n < PRUNE_BATCH) return total
  }
}
