import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

/** The app shell and every built chunk; navigations answer with the cached index.html so the shell opens offline. */
export function setupPrecache(manifest: (string | PrecacheEntry)[]) {
  precacheAndRoute(manifest)
  cleanupOutdatedCaches()
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/ws/] }))
}
