import { RUNTIME_CACHE_PREFIX } from '../src/lib/cache-rules.ts'

/** The page asks before a new version takes over (workbox-window's update prompt), and can clear runtime caches. */
export function setupUpdates(sw: ServiceWorkerGlobalScope) {
  sw.addEventListener('message', (event) => {
    if (event.data?.type === 'SKIP_WAITING') void sw.skipWaiting()
    if (event.data?.type === 'CLEAR_RUNTIME_CACHES') {
      event.waitUntil(
        caches.keys().then((names) => Promise.all(names.filter((n) => n.startsWith(RUNTIME_CACHE_PREFIX)).map((n) => caches.delete(n)))),
      )
    }
  })
}
