// An in-memory PGlite (every server test, most benches) starts as a copy of one migrated database: PGlite's initdb
// and the migrations cost about 2.4 s per database, loading a dump of one about 0.35 s. The dump is made once per
// process and kept on disk per migrations and PGlite version, so each test file's worker reuses it. On disk it lives
// in the user's cache folder, not /tmp, where another user could leave a database of their making under its name.
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs'
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

let template: Promise<Blob> | undefined

/** The dump of a freshly migrated database; `migrate` brings an empty one up to date. */
export function migratedTemplate(migrate: (client: PGlite) => Promise<void>): Promise<Blob> {
  template ??= (async () => {
    const dir = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'keelson')
    const file = join(dir, `pglite-template-${fingerprint()}.tar`)
    try {
      return new Blob([readFileSync(file)])
    } catch {
      // Not made yet on this machine.
    }
    const client = await PGlite.create()
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
