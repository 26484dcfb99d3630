import { RUNTIME_CACHE_PREFIX } from '../src/lib/cache-rules.ts'

/**
 * The page asks before a new version takes over (workbox-window's update prompt), can clear runtime caches, and can
 * ask this worker's version (sw/version.ts) on a MessageChannel port (the self-check page, /test).
 */
export function setupUpdates(sw: ServiceWorkerGlobalScope, version: string) {
  sw.addEventListener('message', (event) => {
    if (event.data?.type === 'GET_VERSION') event.ports[0]?.postMessage({ version })
    if (event.data?.type === 'SKIP_WAITING') void sw.skipWaiting()
    if (event.data?.type === 'CLEAR_RUNTIME_CACHES') {
      event.waitUntil(
        caches.keys().then((names) => Promise.all(names.filter((n) => n.startsWith(RUNTIME_CACHE_PREFIX)).map((n) => caches.delete(n)))),
      )
    }
  })
}
