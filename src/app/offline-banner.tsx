import { Trans } from '@lingui/react/macro'
import { useIsOnline } from '../lib/use-is-online.ts'

export function OfflineBanner() {
  const online = useIsOnline()
  if (online) return null
  return (
    <div className="banner offline" role="status" data-testid="offline-banner">
      <Trans>You are offline. Showing saved pages and the last prices; placing orders is disabled.</Trans>
    </div>
  )
}
