import { useSyncExternalStore } from 'react'
import { Trans } from '@lingui/react/macro'

function subscribe(listener: () => void) {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

export function useIsOnline() {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true)
}

export function OfflineBanner() {
  const online = useIsOnline()
  if (online) return null
  return (
    <div className="banner offline" role="status" data-testid="offline-banner">
      <Trans>You are offline. Showing saved pages and the last prices; placing orders is disabled.</Trans>
    </div>
  )
}
