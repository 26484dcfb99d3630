// One database handle for the whole process: node-postgres when a URL is given, else embedded PGlite (a data
// directory, or memory for tests). Both are wrapped by Drizzle with the same schema, so services never know which.
import { cpSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import * as schema from './schema.ts'
import { lockDataDir } from './data-dir-lock.ts'
import { migratedTemplate, PGLITE_START_PARAMS, preparedDataDir } from './memory-template.ts'
import { migrateDb } from './migrate.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export type DbOptions = {
  /** postgres://... ; when absent, PGlite is used. */
  url?: string
  /** PGlite data directory; absent means in-memory. Only one process may open a directory. */
  dataDir?: string
  poolMax?: number
}

export type DbHandle = {
  db: Db
  kind: 'pg' | 'pglite'
  /** The pg pool, for work that needs its own connection (migration lock); null on PGlite. */
  pool: pg.Pool | null
  close: () => Promise<void>
}

export async function openDb(options: DbOptions): Promise<DbHandle> {
  if (options.url) {
    // pipeline: a statement goes out as soon as it is made, without waiting for those before it on the connection to
    // answer (node-postgres pipeline mode); a caller that awaits each statement sees no difference. The batches of
    // orders use it to send their BEGIN and COMMIT with their statements (pipelined.ts).
    const pool = new pg.Pool({ connectionString: options.url, max: Math.max(2, options.poolMax ?? 10), pipeline: true } as pg.PoolConfig)
    // At least 2: migration holds one connection for its lock while Drizzle runs on another.
    // An idle client losing its connection emits 'error' on the pool; without a listener that kills the process.
    pool.on('error', () => {})
    const db = drizzlePg({ client: pool, schema }) as unknown as Db
    return { db, kind: 'pg', pool, close: () => pool.end() }
  }
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => {}
  try {
    const copied = options.dataDir ? await copyPrepared(options.dataDir) : true
    const client = options.dataDir
      ? await PGlite.create({ dataDir: options.dataDir, startParams: PGLITE_START_PARAMS })
      : await PGlite.create({ loadDataDir: await migratedTemplate(migrateEmpty), startParams: PGLITE_START_PARAMS })
    // A copy of the template is a database of its own: its own identity (0024_deployment_identity.sql), or every
    // copy would share one deployment name on a shared Redis.
    if (copied) await client.exec('UPDATE deployment_identity SET id = gen_random_uuid()')
    const db = drizzlePglite({ client, schema }) as unknown as Db
    const close = async () => {
      await client.close()
      unlock()
    }
    return { db, kind: 'pglite', pool: null, close }
  } catch (error) {
    unlock()
    throw error
  }
}

/**
 * A new data folder (missing or empty) starts as a copy of the prepared, migrated one (memory-template.ts
 * preparedDataDir) instead of PGlite's initdb and every migration; migrateDb still runs on it and finds nothing to
 * do. Copied aside and renamed, so a start cut short leaves no half-copied database. False for an existing folder.
 */
async function copyPrepared(dataDir: string): Promise<boolean> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return false
  const source = await preparedDataDir(migrateEmpty)
  const partial = `${dataDir.replace(/\/+$/, '')}.copying`
  rmSync(partial, { recursive: true, force: true })
  cpSync(source, partial, { recursive: true })
  rmSync(dataDir, { recursive: true, force: true })
  renameSync(partial, dataDir)
  return true
}

/** Brings an empty in-memory database up to date, for the template every in-memory database is copied from. */
async function migrateEmpty(client: PGlite): Promise<void> {
  await migrateDb({ db: drizzlePglite({ client, schema }) as unknown as Db, kind: 'pglite', pool: null, close: async () => {} })
}

/** Makes the prepared data folder new PGlite folders are copied from (scripts/prepare-pglite.ts); its path. */
export const preparePgliteDataDir = () => preparedDataDir(migrateEmpty)
