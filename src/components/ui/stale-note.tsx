import { Trans, useLingui } from '@lingui/react/macro'
import { IconOffline } from './icons.tsx'

/** Beside data shown from the cache while offline: when it was last fetched, in the app's language. */
export function StaleNote({ time }: { time: number }) {
  const { i18n } = useLingui()
  // TODO(#8): switch to useFormat().dateTime once src/lib/format.ts lands (it adds the server's offset).
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(time)
  return (
    <p className="stale-note" data-testid="stale-note">
      <IconOffline size={16} />
      <Trans>Last updated {when}</Trans>
    </p>
  )
}
