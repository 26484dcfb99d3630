// Applies server/db/migrations (written by drizzle-kit) at start. On PostgreSQL several processes may start at once,
// so the migration runs under an advisory lock; PGlite has a single process and needs none.
import { fileURLToPath } from 'node:url'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import type { DbHandle } from './client.ts'

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))
/** Arbitrary constant naming "schema migration" among this database's advisory locks. */
const MIGRATION_LOCK_KEY = 7_351_001

export async function migrateDb(handle: DbHandle): Promise<void> {
  if (!handle.pool) {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder })
    return
  }
  const lockClient = await handle.pool.connect()
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder })
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {})
    lockClient.release()
  }
}
