// A transaction whose BEGIN goes to PostgreSQL with its first statement and whose COMMIT with its last, for the
// batches of contract orders (server/modules/orders/orders.service.ts), where each round trip is paid by every order
// waiting behind the batch (bench:orders: a BEGIN answered in 0.6 ms of a 12 ms batch, on a loaded machine most of it
// waiting for the event loop, not for PostgreSQL). The pool's clients are in node-postgres's pipeline mode (client.ts):
// a statement goes out as soon as it is made, behind those still running, and the answers come back in order; so do
// statements a transaction makes without awaiting one another (Promise.all).
// PostgreSQL runs them one after another as it always did, so locks are taken in the same order; the first that fails
// aborts the transaction, and everything sent after it fails too (or, for a COMMIT, answers ROLLBACK).
// On PGlite (one connection in the process, nothing to save) it is Drizzle's transaction.
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Db } from './client.ts'
import type { Tx } from '../ledger/types.ts'

/**
 * What the work answers: its value, and its last statement still running (not awaited), which the COMMIT then
 * follows. That promise must be of a statement already sent (named(), server/db/named.ts, sends it when called; a
 * Drizzle query builder runs only once awaited, so it would go after the COMMIT, and is refused), and it must fail
 * only as PostgreSQL's answer to that statement: a check made in JavaScript after the answer comes too late, as the
 * COMMIT has gone. Put such a check in the SQL.
 */
export type Finishing<T> = { value: T; last?: Promise<unknown> }

type Internals = { _: { session: { client: unknown; dialect: unknown; schema: unknown; options: unknown } } }

/** Runs `work` in a transaction on `db`, its BEGIN and COMMIT pipelined with its statements (see the file's comment). */
export async function pipelinedTransaction<T>(db: Db, work: (tx: Tx) => Promise<Finishing<T>>): Promise<T> {
  const session = (db as unknown as Internals)._.session
  const pool = session.client
  if (!(pool instanceof pg.Pool) || !pipelined(pool)) {
    return db.transaction(async (tx) => {
      const { value, last } = await work(tx)
      await last
      return value
    })
  }
  const client = await pool.connect()
  // The transaction's own session on this connection, as Drizzle's transaction() makes it: the same dialect (which
  // names the database, server/db/per-database.ts), schema and options as the database's.
  const Session = NodePgSession as unknown as new (...args: unknown[]) => unknown
  const Transaction = NodePgTransaction as unknown as new (...args: unknown[]) => Tx
  const tx = new Transaction(session.dialect, new Session(client, session.dialect, session.schema, session.options), session.schema)
  // Every promise made here is awaited below, or only on some paths: each is marked handled now, so a failure
  // that is answered by an earlier one's error is not also an unhandled rejection.
  const begun = handled(client.query('BEGIN'))
  let lost = false
  // A checked-out client has no listener for its connection's errors (the pool's is for idle clients): a socket lost
  // mid-batch would otherwise be an unhandled 'error' event. Its statements fail on their own; it is not reused.
  const onError = () => (lost = true)
  client.on('error', onError)
  try {
    const { value, last } = await work(tx)
    if (last !== undefined && !(last instanceof Promise)) throw new Error('pipelinedTransaction: `last` must be a promise of a statement already sent')
    const finishing = last && handled(last)
    // A `last` that failed before its statement was sent (its parameters could not be built) has failed already:
    // the COMMIT must not go, or it would commit the work without it.
    if (finishing && (await failedAlready(finishing))) await finishing
    const committed = handled(client.query('COMMIT'))
    await finishing
    await begun
    // A COMMIT in a transaction a statement failed in answers ROLLBACK, not an error.
    if ((await committed).command !== 'COMMIT') throw new Error('the transaction was rolled back at its commit')
    return value
  } catch (error) {
    // After a COMMIT that went, PostgreSQL answers this ROLLBACK with a warning only. A connection that cannot
    // answer it is not given back to the pool.
    await client.query('ROLLBACK').catch(() => (lost = true))
    throw error
  } finally {
    client.off('error', onError)
    client.release(lost)
  }
}

/** Whether `promise` has rejected already: its reaction runs before that of a promise resolved now, queued after it. */
async function failedAlready(promise: Promise<unknown>): Promise<boolean> {
  return Promise.race([promise.then(() => false, () => true), Promise.resolve().then(() => false)])
}

function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {})
  return promise
}

/** Whether the pool's clients pipeline (client.ts makes them so). */
const pipelined = (pool: pg.Pool) => (pool as unknown as { options: { pipeline?: boolean } }).options.pipeline === true
