// The idempotency_keys table's four moves: claim a key (or find its first outcome), store the outcome, give a key
// back after a failure that must not be final, and prune old keys. Every time is the app's clock, passed in.
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { MessageValues } from '../app-error.ts'
import type { Db } from '../db/client.ts'
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

export type Outcome = { statusCode: 200; data: unknown } | { statusCode: number; messageKey: string; params: MessageValues | null }

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
const toJsonb = (value: unknown) => (value === undefined || value === null ? null : sql`${JSON.stringify(value)}::jsonb`)
const fromJsonb = (text: string | null): unknown => (text === null ? null : JSON.parse(text))

/** Makes the key this request's, or says why not: its first outcome, another request's key, or still running. */
export async function claimKey(db: Db, scope: Scope, fingerprint: string, now: number): Promise<Claim> {
  const at = new Date(now)
  // A row can vanish between the insert and the read (a failed attempt gave it back, or it was pruned): claim again.
  for (let round = 0; round < 3; round++) {
    const attempt = randomUUID()
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ ...scope, fingerprint, attempt, claimedAt: at, createdAt: at })
      .onConflictDoNothing()
      .returning({ attempt: idempotencyKeys.attempt })
    if (inserted.length > 0) return { kind: 'claimed', attempt, tookOver: false }
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
          : { statusCode: row.statusCode!, messageKey: row.messageKey!, params: fromJsonb(row.params) as MessageValues | null }
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
  const refusal = outcome.statusCode === 200 ? null : (outcome as Extract<Outcome, { messageKey: string }>)
  const stored = await db
    .update(idempotencyKeys)
    .set({
      state: 'done',
      statusCode: outcome.statusCode,
      messageKey: refusal?.messageKey ?? null,
      messageParams: toJsonb(refusal?.params),
      data: refusal ? null : toJsonb((outcome as { data: unknown }).data),
      completedAt: new Date(now),
    })
    .where(ofAttempt(scope, attempt))
    .returning({ attempt: idempotencyKeys.attempt })
  return stored.length > 0
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
