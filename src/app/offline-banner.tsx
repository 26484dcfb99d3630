import { Trans } from '@lingui/react/macro'
import { useIsOnline } from '../lib/use-is-online.ts'
import { IconOffline } from '../components/ui/icons.tsx'

export function OfflineBanner() {
  const online = useIsOnline()
  if (online) return null
  return (
    <div className="banner offline" role="status" data-testid="offline-banner">
      <IconOffline size={18} />
      <span>
        <Trans>You are offline. Showing saved pages and the last prices; placing orders is disabled.</Trans>
      </span>
    </div>
  )
}
