import { Trans } from '@lingui/react/macro'
import { useFormat } from '../../lib/format.ts'
import { IconOffline } from './icons.tsx'

/** Beside data shown from the cache while offline: when it was last fetched, in the app's language and timezone. */
export function StaleNote({ time }: { time: number }) {
  const format = useFormat()
  const when = format.dateTime(time)
  return (
    <p className="stale-note" data-testid="stale-note">
      <IconOffline size={16} />
      <Trans>Last updated {when}</Trans>
    </p>
  )
}
