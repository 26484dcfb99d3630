// State a process keeps for one database, never for the process: tests (and the CLI) run several apps, each on a
// database of its own, in one process, and what one database holds says nothing about another's.
// A database and every transaction on it share one Drizzle dialect object (drizzle-orm's PgDatabase constructor
// keeps it, and each session hands it to the transactions it opens), and each drizzle() call makes its own: that
// object names the database whether the caller holds the Db or a Tx of it.
import type { DbOrTx } from '../ledger/types.ts'

/** The object that stands for `handle`'s database (the Db and its transactions answer the same one). */
export function databaseOf(handle: DbOrTx): object {
  const dialect = (handle as unknown as { dialect?: unknown }).dialect
  if (typeof dialect !== 'object' || dialect === null) throw new Error('database handle without a Drizzle dialect')
  return dialect
}

/** A value per database, made by `make` the first time a handle of that database asks. */
export function perDatabase<T>(make: () => T): (handle: DbOrTx) => T {
  const values = new WeakMap<object, T>()
  return (handle) => {
    const key = databaseOf(handle)
    let value = values.get(key)
    if (value === undefined) values.set(key, (value = make()))
    return value
  }
}
