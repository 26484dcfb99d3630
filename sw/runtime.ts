import { registerRoute } from 'workbox-routing'
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'

export const RUNTIME_CACHE_PREFIX = 'keelson-runtime'

/** Public reads that may be shown offline: news, help, articles, notice, language list, public settings. */
export const PUBLIC_PATHS = [
  '/api/getAllInformation',
  '/api/getArticles',
  '/api/getNotice',
  '/api/getText',
  '/api/queryLanguageList',
  '/api/getConfigValue',
]

/** A public read, sent without credentials; anything carrying Authorization is never cached. */
export function isCacheablePublicRequest(request: Request, url: URL): boolean {
  if (request.method !== 'GET' || request.headers.has('Authorization')) return false
  return url.origin === self.location.origin && PUBLIC_PATHS.includes(url.pathname)
}

export function setupRuntimeCaches() {
  registerRoute(
    ({ request, url }) => isCacheablePublicRequest(request, url),
    new StaleWhileRevalidate({
      cacheName: `${RUNTIME_CACHE_PREFIX}-public`,
      plugins: [new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 7 * 24 * 3600 })],
    }),
  )
  // Wallet-connect chunks are left out of the precache (they are large and most users never open them).
  registerRoute(
    ({ request, url }) => request.destination === 'script' && url.pathname.startsWith('/walletconnect/'),
    new CacheFirst({ cacheName: `${RUNTIME_CACHE_PREFIX}-wallet`, plugins: [new ExpirationPlugin({ maxEntries: 60 })] }),
  )
}
