import { Trans } from '@lingui/react/macro'
import { ApiError } from '../../lib/api.ts'
import { useIsOnline } from '../../lib/use-is-online.ts'
import { IconInfo, IconOffline, IconRetry } from './icons.tsx'

type Props = { error: unknown; onRetry?: () => void; compact?: boolean }

/**
 * A failed load, in the user's language: offline wording when there is no network (a fetch then fails with a
 * TypeError whose text is the browser's, never shown), the server's own message for an ApiError, else a generic line.
 */
export function ErrorState({ error, onRetry, compact }: Props) {
  const online = useIsOnline()
  const offline = !online || (error instanceof TypeError && !(error instanceof ApiError))
  return (
    <div className={compact ? 'error-state compact' : 'error-state'} role="alert">
      <span className="error-icon">{offline ? <IconOffline size={compact ? 20 : 32} /> : <IconInfo size={compact ? 20 : 32} />}</span>
      <p className="error-title">
        {offline ? (
          <Trans>You are offline. This will load when you are back online.</Trans>
        ) : error instanceof ApiError ? (
          error.message
        ) : (
          <Trans>Something went wrong. Please try again.</Trans>
        )}
      </p>
      {onRetry && (
        <button type="button" className="btn secondary" onClick={onRetry}>
          <IconRetry size={18} />
          <Trans>Retry</Trans>
        </button>
      )}
    </div>
  )
}
