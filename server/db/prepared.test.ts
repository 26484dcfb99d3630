// A new PGlite data folder starts as a copy of the prepared one (client.ts copyPrepared), not from initdb and every
// migration. The copy must be the very database the migrations make, be a deployment of its own, and still refuse a
// database that missed a migration (migrate.ts).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from './client.ts'
import { PGLITE_START_PARAMS } from './memory-template.ts'
import { migrateDb } from './migrate.ts'
import * as schema from './schema.ts'

const root = mkdtempSync(join(tmpdir(), 'keelson-prepared-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** Everything the migrations define, as text: relations and columns, constraints, indexes, functions, triggers,
 * views, sequences, and drizzle's record of the applied migrations (row counts are added by schemaOf). */
const SCHEMA = `
  SELECT 'column ' || table_schema || '.' || table_name || '.' || column_name || ' ' || data_type || ' ' ||
         is_nullable || ' ' || coalesce(column_default, '') || ' ' || coalesce(character_maximum_length::text, '') ||
         ' ' || coalesce(numeric_precision::text, '') || ',' || coalesce(numeric_scale::text, '') AS item
    FROM information_schema.columns WHERE table_schema NOT IN ('pg_catalog', 'information_schema')
  UNION ALL
  SELECT 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(c.oid)
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
  UNION ALL
  SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
  UNION ALL
  SELECT 'function ' || n.nspname || '.' || p.proname || '(' || pg_get_function_arguments(p.oid) || ') ' || md5(p.prosrc)
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
  UNION ALL
  SELECT 'trigger ' || pg_get_triggerdef(t.oid) FROM pg_trigger t WHERE NOT t.tgisinternal
  UNION ALL
  SELECT 'view ' || schemaname || '.' || viewname || ' ' || md5(definition) FROM pg_views WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
  UNION ALL
  SELECT 'sequence ' || schemaname || '.' || sequencename || ' ' || coalesce(last_value::text, '') FROM pg_sequences

  UNION ALL
  SELECT 'migration ' || hash || ' ' || created_at FROM drizzle.__drizzle_migrations
  ORDER BY 1`

async function schemaOf(db: Db | PGlite): Promise<string[]> {
  const query = async <T>(text: string) => (db instanceof PGlite ? (await db.query<T>(text)).rows : ((await db.execute(text)) as unknown as { rows: T[] }).rows)
  // Every table's rows counted exactly: pg_stat_user_tables' n_live_tup is flushed lazily, and once counted the
  // migrations' inserts twice (50 rows read as 100) when its flush came after the ANALYZE that had set it.
  const tables = await query<{ name: string }>(
    `SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS name FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  )
  const counts = []
  for (const { name } of tables) counts.push(`rows ${name} ${(await query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`))[0]!.n}`)
  return [...(await query<{ item: string }>(SCHEMA)).map((row) => row.item), ...counts]
}

const identity = async (db: Db) => ((await db.execute('SELECT id FROM deployment_identity')) as unknown as { rows: { id: string }[] }).rows[0]!.id

describe('a new PGlite data folder', () => {
  it('is the database that applying every migration gives, with an identity of its own', { timeout: 300_000 }, async () => {
    // Every migration applied one by one to a folder PGlite's initdb made, as before the prepared folder.
    const migrated = await PGlite.create({ dataDir: join(root, 'migrated'), startParams: PGLITE_START_PARAMS })
    await migrateDb({ db: drizzle({ client: migrated, schema }) as unknown as Db, kind: 'pglite', pool: null, close: async () => {} })
    const expected = await schemaOf(migrated)
    await migrated.close()

    const first = await openDb({ dataDir: join(root, 'first') })
    const second = await openDb({ dataDir: join(root, 'second') })
    try {
      await migrateDb(first)
      expect(await schemaOf(first.db)).toEqual(expected)
      expect(expected.some((item) => item.startsWith('migration '))).toBe(true)
      // Two folders copied from one prepared folder are two deployments (0024_deployment_identity.sql).
      expect(await identity(first.db)).not.toBe(await identity(second.db))
    } finally {
      await first.close()
      await second.close()
    }
  })

  it('still refuses to start when it missed a migration', { timeout: 300_000 }, async () => {
    const dataDir = join(root, 'missed')
    const handle = await openDb({ dataDir })
    await migrateDb(handle)
    const applied = ((await handle.db.execute('SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at')) as unknown as { rows: { created_at: string }[] }).rows
    await handle.db.execute(`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = ${Number(applied[10]!.created_at)}`)
    await handle.close()
    const reopened = await openDb({ dataDir })
    try {
      await expect(migrateDb(reopened)).rejects.toThrow(/were never applied to this database/)
    } finally {
      await reopened.close()
    }
  })
})
