import { ErrorState } from '../components/ui/error-state.tsx'

/**
 * Shown in place of a route that failed, so one failure never blanks the whole screen. The exception's own text is
 * never shown (it is a developer's English); ErrorState words it for the user, offline included. Retry reloads.
 */
export function ErrorFallback({ error }: { error: unknown }) {
  return (
    <div className="card error-card">
      <ErrorState error={error} onRetry={() => window.location.reload()} />
    </div>
  )
}
