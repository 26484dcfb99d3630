// Applies server/db/migrations (written by drizzle-kit) at start. On PostgreSQL several processes may start at once,
// so the migration runs under an advisory lock; PGlite has a single process and needs none.
import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { fileURLToPath } from 'node:url'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import type { DbHandle } from './client.ts'

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))
/** Arbitrary constant naming "schema migration" among this database's advisory locks. */
const MIGRATION_LOCK_KEY = 7_351_001

export type JournalEntry = { idx: number; when: number; tag: string }
const journal = (): JournalEntry[] =>
  (JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: JournalEntry[] }).entries

/** The newest migration's time stamp, as drizzle records it in drizzle.__drizzle_migrations.created_at. */
const newestMigration = () => Math.max(...journal().map((e) => e.when))

/**
 * Migrations this database will never get: drizzle applies only those newer than the newest one applied, so a
 * migration that landed after a newer one was applied (written in parallel, its time stamp older) is skipped for good.
 */
export function skippedMigrations(entries: JournalEntry[], applied: number[]): string[] {
  const newest = Math.max(0, ...applied)
  const done = new Set(applied)
  return entries.filter((e) => e.when < newest && !done.has(e.when)).map((e) => e.tag)
}

/** Refuses a database that skipped a migration (skippedMigrations), before anything newer is applied to it. */
function refuseSkipped(applied: number[]): void {
  const skipped = skippedMigrations(journal(), applied)
  if (skipped.length > 0) {
    throw new Error(
      `Migrations ${skipped.join(', ')} were never applied to this database, and never will be: a newer one was applied first. ` +
        'Apply their SQL by hand and record them in drizzle.__drizzle_migrations, or give them a newer time stamp (meta/_journal.json "when").',
    )
  }
}
// None before the first migration made drizzle's table, or for a role that may not read it (the deploying role's
// start is checked).
const appliedTimes = (result: unknown) => (result as { rows: { created_at: string | number }[] }).rows.map((r) => Number(r.created_at))
const APPLIED = 'SELECT created_at FROM drizzle.__drizzle_migrations'

export async function migrateDb(handle: DbHandle): Promise<void> {
  if (!handle.pool) {
    refuseSkipped(await handle.db.execute(sql.raw(APPLIED)).then(appliedTimes, () => []))
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder })
    return
  }
  const lockClient = await handle.pool.connect()
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    // Nothing pending: only read. drizzle's migrator would run CREATE SCHEMA/TABLE IF NOT EXISTS even then, which
    // PostgreSQL allows only a role that could create them, and the server may run as one that cannot
    // (docs/operations.md, "A role that cannot rewrite the ledger").
    const applied = await lockClient.query(APPLIED).then(appliedTimes, () => [])
    refuseSkipped(applied)
    if (Math.max(0, ...applied) >= newestMigration()) return
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder })
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {})
    lockClient.release()
  }
}
