import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { clientsClaim } from 'workbox-core'

/**
 * The app shell and every built chunk; navigations answer with the cached index.html so the shell opens offline.
 * Not /ops: the operator console is another app (ops.html), never the user app and never from this cache.
 */
export function setupPrecache(manifest: (string | PrecacheEntry)[]) {
  // The first install takes control of open pages at once, so the shell works offline after one visit. Later
  // versions wait for the user's yes in the update prompt before they activate.
  clientsClaim()
  precacheAndRoute(manifest)
  cleanupOutdatedCaches()
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/ws/, /^\/ops(\/|$)/] }))
}
