import { Trans } from '@lingui/react/macro'

/** Shown in place of a panel or route that failed, so one failure never blanks the whole screen. */
export function ErrorFallback({ error }: { error: unknown }) {
  return (
    <div role="alert" className="card error-card">
      <h2>
        <Trans>Something went wrong</Trans>
      </h2>
      <p className="muted">{error instanceof Error ? error.message : String(error)}</p>
      <button type="button" className="btn secondary" onClick={() => window.location.reload()}>
        <Trans>Reload</Trans>
      </button>
    </div>
  )
}
