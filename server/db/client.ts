// One database handle for the whole process: node-postgres when a URL is given, else embedded PGlite (a data
// directory, or memory for tests). Both are wrapped by Drizzle with the same schema, so services never know which.
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import * as schema from './schema.ts'
import { lockDataDir } from './data-dir-lock.ts'
import { migratedTemplate } from './memory-template.ts'
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
    const pool = new pg.Pool({ connectionString: options.url, max: Math.max(2, options.poolMax ?? 10) })
    // At least 2: migration holds one connection for its lock while Drizzle runs on another.
    // An idle client losing its connection emits 'error' on the pool; without a listener that kills the process.
    pool.on('error', () => {})
    const db = drizzlePg({ client: pool, schema }) as unknown as Db
    return { db, kind: 'pg', pool, close: () => pool.end() }
  }
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => {}
  try {
    const client = options.dataDir
      ? await PGlite.create({ dataDir: options.dataDir })
      : await PGlite.create({ loadDataDir: await migratedTemplate(migrateEmpty) })
    // A copy of the template is a database of its own: its own identity (0024_deployment_identity.sql), or every
    // in-memory database would share one deployment name on a shared Redis.
    if (!options.dataDir) await client.exec('UPDATE deployment_identity SET id = gen_random_uuid()')
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

/** Brings an empty in-memory database up to date, for the template every in-memory database is copied from. */
async function migrateEmpty(client: PGlite): Promise<void> {
  await migrateDb({ db: drizzlePglite({ client, schema }) as unknown as Db, kind: 'pglite', pool: null, close: async () => {} })
}
