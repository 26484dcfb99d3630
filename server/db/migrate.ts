// Applies server/db/migrations (written by drizzle-kit) at start. On PostgreSQL several processes may start at once,
// so the migration runs under an advisory lock; PGlite has a single process and needs none.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import type { DbHandle } from './client.ts'

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))
/** Arbitrary constant naming "schema migration" among this database's advisory locks. */
const MIGRATION_LOCK_KEY = 7_351_001

/** The newest migration's time stamp, as drizzle records it in drizzle.__drizzle_migrations.created_at. */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: { when: number }[] }
  return Math.max(...journal.entries.map((e) => e.when))
}

export async function migrateDb(handle: DbHandle): Promise<void> {
  if (!handle.pool) {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder })
    return
  }
  const lockClient = await handle.pool.connect()
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    // Nothing pending: only read. drizzle's migrator would run CREATE SCHEMA/TABLE IF NOT EXISTS even then, which
    // PostgreSQL allows only a role that could create them, and the server may run as one that cannot
    // (docs/operations.md, "A role that cannot rewrite the ledger").
    const applied = await lockClient
      .query<{ newest: string | null }>('SELECT max(created_at)::text AS newest FROM drizzle.__drizzle_migrations')
      .then((result) => Number(result.rows[0]?.newest ?? 0), () => 0)
    if (applied >= newestMigration()) return
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder })
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {})
    lockClient.release()
  }
}
