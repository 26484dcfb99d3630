// Signed-in requests resolve their token here without a database round trip: the session and its user, keyed by
// the token's hash, kept for SESSION_CACHE_MS.
//
// Why 5 seconds: a revocation (sign-out, password change) and a change of the user (the book switch) clear the
// entries at once on every process through the bus (hub.ts), so the lifetime is not what makes them take effect.
// It only bounds the damage when that message is lost (Redis restarting between publish and subscribe) or a change
// happens outside the app (an operator's SQL): a revoked token then works at most 5 s longer on another process —
// no longer than the socket's heartbeat. And 5 s is long enough for the calls one screen makes together (balance,
// records, unread count) and for a busy client to hit the cache almost always.
// The expiry (SESSION_TTL_DAYS) is checked on every hit against the session's own sign-in time, so a token never
// outlives its lifetime because it was cached.
import { performance } from 'node:perf_hooks'
import type { AuthUser } from '../../plugins/auth.ts'

export const SESSION_CACHE_MS = 5000
/** More entries than this (live tokens seen in the last few seconds) evict the oldest: memory stays bounded. */
const MAX_ENTRIES = 100_000

type Entry = { user: AuthUser; sessionCreatedAt: number; storedAt: number }

export type SessionCache = ReturnType<typeof createSessionCache>

export function createSessionCache(cacheMs = SESSION_CACHE_MS, clock: () => number = () => performance.now()) {
  const byHash = new Map<string, Entry>()
  const hashBySession = new Map<string, string>()
  const hashesByUser = new Map<string, Set<string>>()
  // Bumped by every forget: a lookup that read the database before a revocation must not cache what it read after.
  let revision = 0

  const drop = (hash: string) => {
    const entry = byHash.get(hash)
    if (!entry) return
    byHash.delete(hash)
    hashBySession.delete(entry.user.sessionId)
    const ofUser = hashesByUser.get(entry.user.id)
    ofUser?.delete(hash)
    if (ofUser?.size === 0) hashesByUser.delete(entry.user.id)
  }

  return {
    get size() {
      return byHash.size
    },
    /** Read before a database lookup; hand it back to `set`. */
    revision: () => revision,
    get(hash: string): Entry | undefined {
      const entry = byHash.get(hash)
      if (entry && clock() - entry.storedAt >= cacheMs) {
        drop(hash)
        return undefined
      }
      return entry
    },
    set(hash: string, user: AuthUser, sessionCreatedAt: number, readAtRevision: number) {
      if (readAtRevision !== revision) return
      drop(hash)
      // Entries are in the order they were stored: the stale ones are at the front, so this stays cheap.
      const now = clock()
      for (const [oldest, entry] of byHash) {
        if (now - entry.storedAt < cacheMs && byHash.size < MAX_ENTRIES) break
        drop(oldest)
      }
      byHash.set(hash, { user, sessionCreatedAt, storedAt: now })
      hashBySession.set(user.sessionId, hash)
      let ofUser = hashesByUser.get(user.id)
      if (!ofUser) hashesByUser.set(user.id, (ofUser = new Set()))
      ofUser.add(hash)
    },
    forgetSessions(sessionIds: Iterable<string>) {
      revision++
      for (const id of sessionIds) {
        const hash = hashBySession.get(id)
        if (hash) drop(hash)
      }
    },
    forgetUser(userId: string) {
      revision++
      for (const hash of [...(hashesByUser.get(userId) ?? [])]) drop(hash)
    },
  }
}
