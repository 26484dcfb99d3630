import { useSyncExternalStore } from 'react'

function subscribe(listener: () => void) {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

/** The browser's own online flag: false means no network at all (the offline banner shows). */
export function useIsOnline() {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true)
}
