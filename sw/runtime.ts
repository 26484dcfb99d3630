// Runtime caches: public /api reads stale-while-revalidate (the notice network-first), content (news, help, documents) the same per language and
// bounded, the pictures content shows (bounded in number and age), money settings network-first with a one-minute ceiling
// (rules in cache-policy.ts), WalletConnect chunks (content-hashed) on first use. Every cache name starts with
// RUNTIME_CACHE_PREFIX, so sign-out deletes them all.
import { registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'
import type { WorkboxPlugin } from 'workbox-core/types.js'
import { CONTENT_IMAGE_MAX_ENTRIES, CONTENT_MAX_AGE_S, CONTENT_MAX_ENTRIES, RUNTIME_CACHE_PREFIX } from '../src/lib/cache-rules.ts'
import { apiPolicy, contentCacheKey, isFresh, isStorable, isWalletConnectChunk, isWithdrawn, MONEY_MAX_AGE_MS, stamp, type StoredPolicy } from './cache-policy.ts'

declare const self: ServiceWorkerGlobalScope

function guard(policy: StoredPolicy, maxAgeMs?: number): WorkboxPlugin {
  return {
    cacheWillUpdate: async ({ response }) => (isStorable(response, policy) ? stamp(response, Date.now()) : null),
    cachedResponseWillBeUsed: async ({ cachedResponse }) =>
      cachedResponse && (maxAgeMs === undefined || isFresh(cachedResponse, Date.now(), maxAgeMs)) ? cachedResponse : null,
  }
}

export function setupRuntimeCaches() {
  const origin = self.location.origin
  registerRoute(
    ({ request, url }) => apiPolicy(request, url, origin) === 'public',
    new StaleWhileRevalidate({
      cacheName: `${RUNTIME_CACHE_PREFIX}-public`,
      plugins: [guard('public'), new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 7 * 24 * 3600 })],
    }),
  )
  // The notice: the network's answer whenever there is one, so a notice published (or cleared) shows on this visit;
  // offline, the last one kept.
  registerRoute(
    ({ request, url }) => apiPolicy(request, url, origin) === 'newest',
    new NetworkFirst({
      cacheName: `${RUNTIME_CACHE_PREFIX}-newest`,
      plugins: [guard('newest'), new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 7 * 24 * 3600 })],
    }),
  )
  // Content: read signed in or out, offline too. Kept per language (contentCacheKey); at most CONTENT_MAX_ENTRIES
  // answers, none older than CONTENT_MAX_AGE_S.
  registerRoute(
    ({ request, url }) => apiPolicy(request, url, origin) === 'content',
    new StaleWhileRevalidate({
      cacheName: `${RUNTIME_CACHE_PREFIX}-content`,
      plugins: [
        guard('content'),
        { cacheKeyWillBeUsed: async ({ request }) => contentCacheKey(request) },
        new ExpirationPlugin({ maxEntries: CONTENT_MAX_ENTRIES, maxAgeSeconds: CONTENT_MAX_AGE_S }),
      ],
    }),
  )
  // Content pictures: one address per picture in every language; a picture read online shows offline. An unpublished
  // one is refused by the server (404, private, no-store) on the next read online, and that answer deletes the copy.
  const imageCache = `${RUNTIME_CACHE_PREFIX}-content-images`
  registerRoute(
    ({ request, url }) => apiPolicy(request, url, origin) === 'content-image',
    new StaleWhileRevalidate({
      cacheName: imageCache,
      plugins: [
        guard('content-image'),
        {
          fetchDidSucceed: async ({ request, response }) => {
            if (isWithdrawn(response)) await (await caches.open(imageCache)).delete(request)
            return response
          },
        },
        new ExpirationPlugin({ maxEntries: CONTENT_IMAGE_MAX_ENTRIES, maxAgeSeconds: CONTENT_MAX_AGE_S }),
      ],
    }),
  )
  registerRoute(
    ({ request, url }) => apiPolicy(request, url, origin) === 'money',
    new NetworkFirst({
      cacheName: `${RUNTIME_CACHE_PREFIX}-money`,
      plugins: [guard('money', MONEY_MAX_AGE_MS), new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: MONEY_MAX_AGE_MS / 1000 })],
    }),
  )
  // WalletConnect chunks are left out of the precache (large, and most users never open them). Their names are
  // content-hashed, so cache-first never serves a stale file; old ones age out.
  registerRoute(
    ({ url }) => isWalletConnectChunk(url, origin),
    new CacheFirst({
      cacheName: `${RUNTIME_CACHE_PREFIX}-walletconnect`,
      plugins: [new ExpirationPlugin({ maxEntries: 8, maxAgeSeconds: 30 * 24 * 3600 })],
    }),
  )
}
