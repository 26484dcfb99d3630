// Private data leaves the browser's memory the moment its user does: when the session's user changes (sign-out,
// a 401, an account or chain change, another tab signing out or in), every private query is removed and the service
// worker's runtime caches and the kept balance and positions are deleted (docs/architecture.md, "Offline"). Queries are keyed by user id as well
// (src/lib/query-keys.ts), so the next user could not read the old entries even before they are gone.
import type { QueryClient } from '@tanstack/react-query'
import { RUNTIME_CACHE_PREFIX } from '../lib/cache-rules.ts'
import { forgetPrivate } from '../lib/kept-private.ts'
import { userKeys } from '../lib/query-keys.ts'
import { getSession, subscribeSession } from '../lib/session.ts'

export async function clearRuntimeCaches(): Promise<void> {
  if (typeof caches === 'undefined') return
  const names = await caches.keys()
  await Promise.all(names.filter((n) => n.startsWith(RUNTIME_CACHE_PREFIX)).map((n) => caches.delete(n)))
}

/** Watches the session for the app's lifetime; returns the unsubscribe. */
export function guardPrivateData(queryClient: QueryClient): () => void {
  let userId = getSession().userId
  return subscribeSession(() => {
    const next = getSession().userId
    if (next === userId) return
    // Synchronous, inside the session change: no render of the next user can happen before this.
    const hadUser = userId !== null
    userId = next
    queryClient.removeQueries({ queryKey: userKeys.all() })
    // The balance and positions kept for offline (src/lib/kept-private.ts) go with their user.
    forgetPrivate()
    if (hadUser) void clearRuntimeCaches().catch(() => undefined)
  })
}
