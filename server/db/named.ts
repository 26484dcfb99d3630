// Named statements: SQL that PostgreSQL parses and plans once per connection instead of on every call.
// Drizzle sends every statement unnamed, so PostgreSQL parses, analyses and plans it each time: on the orders path
// (bench:orders) that was an eighth of PostgreSQL's CPU. A statement run through `named` keeps Drizzle's session (its
// transaction, its type parsers, on node-postgres and PGlite alike) and only gives the statement a name; node-postgres
// then prepares it once on each connection of the pool and binds it on every later call (PGlite, one connection in the
// process, ignores the name). The text for one name must never change: build it with parameters only (arrays, jsonb),
// never with a list whose length varies (drizzle's inArray), or node-postgres refuses the second text. Name the columns
// it answers rather than `*`: PostgreSQL replans a prepared statement after a migration, and refuses it for good on
// that connection if its result gained a column ("cached plan must not change result type").
import type { SQL } from 'drizzle-orm'
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../ledger/types.ts'

type Internals = { dialect: PgDialect; _: { session: PgSession } }

/** Runs `query` as the prepared statement `name` in the handle's session (its transaction, for a Tx); answers its rows. */
export async function named<T>(handle: DbOrTx, name: string, query: SQL): Promise<T[]> {
  const { dialect, _ } = handle as unknown as Internals
  const prepared = _.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false)
  return ((await prepared.execute()) as { rows: T[] }).rows
}
