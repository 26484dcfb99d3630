// PGlite has no server process, so two processes opening one data directory would corrupt it. A lock file next to
// the directory, holding the owner's pid, turns that mistake into a clear error.
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export function lockDataDir(dataDir: string): () => void {
  const lockPath = `${dataDir.replace(/\/+$/, '')}.lock`
  mkdirSync(dirname(lockPath), { recursive: true })
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: 'wx' })
      return () => {
        try {
          unlinkSync(lockPath)
        } catch {
          // Already gone: nothing to release.
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(readFileSync(lockPath, 'utf8'))
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The PGlite data directory ${dataDir} is in use by process ${owner}; stop it first ` +
            `(if no Keelson process has that id, delete ${lockPath}).`,
        )
      }
      // A stale lock from a process that died: take it over.
      unlinkSync(lockPath)
    }
  }
  throw new Error(`Could not lock ${lockPath}`)
}
