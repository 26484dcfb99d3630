// An in-memory PGlite (every server test, most benches) starts as a copy of one migrated database: PGlite's initdb
// and the migrations cost about 2.4 s per database, loading a dump of one about 0.35 s. The dump is made once per
// process and kept on disk per migrations and PGlite version, so each test file's worker reuses it. On disk it lives
// in the user's cache folder, not /tmp, where another user could leave a database of their making under its name.
// A new PGlite data folder (a first `npm start`) is likewise a copy of one migrated data folder kept there
// (preparedDataDir), made by `npm run build` or on the first start that finds none: copying its files takes a
// fraction of a second where initdb and every migration took 15 s and more (bench:start).
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** Changes whenever a migration or PGlite does, so a stale copy is never loaded. */
function fingerprint(): string {
  const hash = createHash('sha256')
  const pglite = fileURLToPath(import.meta.resolve('@electric-sql/pglite'))
  hash.update(readFileSync(join(pglite, '..', '..', 'package.json')))
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
    )
  for (const file of files(migrationsFolder).sort()) hash.update(file.slice(migrationsFolder.length)).update(readFileSync(file))
  return hash.digest('hex').slice(0, 16)
}

/** The user's cache folder for Keelson's prepared databases. */
const cacheDir = () => join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'keelson')

/**
 * PGlite's start-up settings: PostgreSQL's defaults plus a 16 MB buffer cache instead of 128 MB. PGlite zeroes the
 * whole cache at start inside its WebAssembly memory, which cost seconds and 110 MB of resident memory; the data
 * folder's files are in the operating system's page cache anyway (docs/operations.md, "Running it", Start-up).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

let template: Promise<Blob> | undefined

/** The dump of a freshly migrated database; `migrate` brings an empty one up to date. */
export function migratedTemplate(migrate: (client: PGlite) => Promise<void>): Promise<Blob> {
  template ??= (async () => {
    const dir = cacheDir()
    const file = join(dir, `pglite-template-${fingerprint()}.tar`)
    try {
      return new Blob([readFileSync(file)])
    } catch {
      // Not made yet on this machine.
    }
    const client = await PGlite.create({ startParams: PGLITE_START_PARAMS })
    try {
      await migrate(client)
      const dump = await client.dumpDataDir('none')
      // Written aside and renamed: another worker may read the file while this one writes it.
      mkdirSync(dir, { recursive: true })
      const partial = `${file}.${process.pid}`
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
      renameSync(partial, file)
      return dump
    } finally {
      await client.close()
    }
  })()
  return template
}

let prepared: Promise<string> | undefined

/**
 * A migrated PGlite data folder in the cache, for new data folders to start as a copy of (client.ts). `migrate`
 * brings an empty one up to date; it runs once per migrations and PGlite version on this machine.
 */
export function preparedDataDir(migrate: (client: PGlite) => Promise<void>): Promise<string> {
  prepared ??= (async () => {
    const dir = join(cacheDir(), `pglite-datadir-${fingerprint()}`)
    if (existsSync(join(dir, 'PG_VERSION'))) return dir
    // Made aside and renamed: another process may be preparing or copying the same folder.
    const partial = `${dir}.${process.pid}`
    rmSync(partial, { recursive: true, force: true })
    mkdirSync(cacheDir(), { recursive: true })
    const client = await PGlite.create({ dataDir: partial, startParams: PGLITE_START_PARAMS })
    try {
      await migrate(client)
    } finally {
      await client.close()
    }
    try {
      renameSync(partial, dir)
    } catch (error) {
      // Another process finished first (the rename onto its folder fails): use that one.
      rmSync(partial, { recursive: true, force: true })
      if (!existsSync(join(dir, 'PG_VERSION'))) throw error
    }
    return dir
  })()
  prepared.catch(() => (prepared = undefined))
  return prepared
}
