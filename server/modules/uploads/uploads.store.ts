// The files of uploads, under UPLOAD_DIR (docs/operations.md: ./data/uploads by default; object storage later, behind this
// same put/get/remove). Named by the upload's id only, so a user's file name never reaches the disk; written to a
// temporary name and renamed, so a reader never sees half a file; readable by the server's user only.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join, relative, resolve, isAbsolute } from 'node:path'
import { randomUUID } from 'node:crypto'

export type UploadStore = {
  dir: string
  put(id: string, bytes: Buffer): Promise<void>
  /** The file, or null when it is gone. */
  get(id: string): Promise<Buffer | null>
  remove(id: string): Promise<void>
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Is `inner` the same folder as `outer` or inside it? */
export function isInside(inner: string, outer: string): boolean {
  const path = relative(resolve(outer), resolve(inner))
  return path === '' || (!path.startsWith('..') && !isAbsolute(path))
}

export function createUploadStore(dir: string, staticDir?: string): UploadStore {
  const root = resolve(dir)
  // Anything under the static root is served to anyone who guesses its name.
  if (staticDir && (isInside(root, staticDir) || isInside(staticDir, root))) {
    throw new Error(`UPLOAD_DIR (${root}) must not be inside the static root (${resolve(staticDir)}) nor contain it`)
  }
  const pathOf = (id: string) => {
    if (!ID.test(id)) throw new Error(`not an upload id: ${id}`)
    return join(root, id.slice(0, 2), id)
  }
  return {
    dir: root,
    async put(id, bytes) {
      const path = pathOf(id)
      await mkdir(join(root, id.slice(0, 2)), { recursive: true, mode: 0o700 })
      const temporary = `${path}.${randomUUID()}.part`
      await writeFile(temporary, bytes, { mode: 0o600 })
      await rename(temporary, path)
    },
    async get(id) {
      try {
        return await readFile(pathOf(id))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async remove(id) {
      await rm(pathOf(id), { force: true })
    },
  }
}
