// Registers sw/sw.ts through vite-plugin-pwa (workbox-window underneath) and exposes "a new version is waiting"
// to the update prompt.
import { registerSW } from 'virtual:pwa-register'
import { proxy } from 'valtio'

export const swState = proxy({ needRefresh: false, offlineReady: false })
let update: ((reload?: boolean) => Promise<void>) | null = null

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return
  update = registerSW({
    immediate: true,
    onNeedRefresh: () => void (swState.needRefresh = true),
    onOfflineReady: () => void (swState.offlineReady = true),
  })
}

export function applyUpdate() {
  void update?.(true)
}
