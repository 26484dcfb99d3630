// Keelson's service worker, split by concern: precache (shell, route chunks, locale catalogs), runtime caches
// (public content, money settings with a one-minute ceiling, wallet chunks), and updates. Authenticated calls and
// any /api answer not explicitly public are never cached (sw/cache-policy.ts).
/// <reference lib="webworker" />
import { setupPrecache } from './precache.ts'
import { setupRuntimeCaches } from './runtime.ts'
import { setupUpdates } from './updates.ts'
import { precacheVersion } from './version.ts'

declare const self: ServiceWorkerGlobalScope

const manifest = self.__WB_MANIFEST
setupPrecache(manifest)
setupRuntimeCaches()
setupUpdates(self, precacheVersion(manifest))
