// The service worker's version: a short hash of what it precached (every file's address and revision), so two
// workers holding the same build report the same version and any new build another. The self-check page (/test)
// asks for it with a GET_VERSION message (sw/updates.ts). FNV-1a, 32 bits: a label, not a security measure.
import type { PrecacheEntry } from 'workbox-precaching'

export function precacheVersion(manifest: readonly (string | PrecacheEntry)[]): string {
  const parts = manifest.map((e) => (typeof e === 'string' ? e : `${e.url}#${e.revision ?? ''}`)).sort()
  let hash = 0x811c9dc5
  for (const char of parts.join('\n')) {
    hash ^= char.codePointAt(0)!
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, '0')
}
