// Registers the service worker (sw/sw.ts, built to /sw.js) and exposes "a new version is waiting" to the update
// prompt. Written against the platform API instead of workbox-window: the few lines below are all the app used of
// it, and the library was 3 KB gzip on every first visit (bench/size.ts).
import { proxy } from 'valtio'

export const swState = proxy({ needRefresh: false, offlineReady: false })
let waiting: ServiceWorker | null = null

function offerUpdate(worker: ServiceWorker) {
  waiting = worker
  swState.needRefresh = true
}

/** A worker that finished installing is an update when a page is already controlled, else the first install. */
function watchInstalling(worker: ServiceWorker) {
  worker.addEventListener('statechange', () => {
    if (worker.state !== 'installed') return
    if (navigator.serviceWorker.controller) offerUpdate(worker)
    else swState.offlineReady = true
  })
}

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(
    (registration) => {
      if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting)
      if (registration.installing) watchInstalling(registration.installing)
      registration.addEventListener('updatefound', () => {
        if (registration.installing) watchInstalling(registration.installing)
      })
    },
    // No service worker (private mode, blocked): the app works online without it.
    () => undefined,
  )
}

/** The waiting worker takes over (sw/updates.ts answers SKIP_WAITING); the page reloads into the new version. */
export function applyUpdate() {
  if (!waiting) return
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
  waiting.postMessage({ type: 'SKIP_WAITING' })
}
