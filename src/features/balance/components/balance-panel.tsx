// The balance of the active book: its badge, the total in USDT, each currency's available / in use / locked, the
// Demo/Live switch and, on the demo book, a reset.
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatAmount } from '../../../lib/numbers.ts'
import { useSession } from '../../../lib/session.ts'
import { balanceQueries, useSwitchBook } from '../api.ts'
import { BookLabel } from './book-badge.tsx'
import { ResetDemoButton } from './reset-demo-button.tsx'

export function BalancePanel() {
  const { t } = useLingui()
  const userId = useSession((s) => s.userId)
  const { data, error, isPending } = useQuery(balanceQueries.current(userId))
  const switchBook = useSwitchBook()
  if (!userId) return <p className="muted"><Trans>Not signed in.</Trans></p>
  if (error) return <p role="alert">{error.message}</p>
  if (isPending) return <p className="muted"><Trans>Loading…</Trans></p>

  return (
    <div className="balance-panel" data-testid="balance-panel">
      <div className="card-head">
        <BookLabel book={data.book} />
        <div className="segmented" role="group" aria-label={t`Book`}>
          <button type="button" className="btn small secondary" aria-pressed={data.book === 'demo'} disabled={switchBook.isPending || data.book === 'demo'} onClick={() => switchBook.mutate('demo')}>
            <Trans>Demo</Trans>
          </button>
          <button type="button" className="btn small secondary" aria-pressed={data.book === 'live'} disabled={switchBook.isPending || data.book === 'live'} onClick={() => switchBook.mutate('live')}>
            <Trans>Live</Trans>
          </button>
        </div>
      </div>
      {data.book === 'demo' && (
        <p className="muted">
          <Trans>Demo funds are for practice and cannot be withdrawn.</Trans>
        </p>
      )}
      <p className="balance-total">
        <span className="muted">
          <Trans>Total</Trans>
        </span>{' '}
        <strong data-testid="balance-total">{formatAmount(data.totalUsdt)} USDT</strong>
      </p>
      <table className="balance-table">
        <thead>
          <tr>
            <th scope="col"><Trans>Currency</Trans></th>
            <th scope="col"><Trans>Available</Trans></th>
            <th scope="col"><Trans>In use</Trans></th>
            <th scope="col"><Trans>Locked</Trans></th>
          </tr>
        </thead>
        <tbody>
          {data.currencies.map((c) => (
            <tr key={c.currency}>
              <th scope="row">{c.currency}</th>
              <td>{formatAmount(c.available)}</td>
              <td>{formatAmount(c.inUse)}</td>
              <td>{formatAmount(c.locked)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {switchBook.error && <p role="alert" className="field-problem">{switchBook.error.message}</p>}
      {data.book === 'demo' && (
        <div className="button-row">
          <ResetDemoButton />
        </div>
      )}
    </div>
  )
}
