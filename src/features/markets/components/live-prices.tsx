import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { marketQueries } from '../api.ts'
import { useDateFormat } from '../../../lib/use-date-format.ts'
import { useServerOffset } from '../../../lib/use-server-offset.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'

/**
 * The last bid/ask of each instrument the socket streams; simulated prices say so. Offline it shows the prices kept
 * in IndexedDB with the date and time they are from (the offline banner says why they do not move).
 */
export function LivePrices() {
  const { t, i18n } = useLingui()
  const isOnline = useIsOnline()
  const offset = useServerOffset()
  const format = useDateFormat()
  const { data: tickers = [] } = useQuery(marketQueries.tickers())
  const simulated = tickers.some((t) => t.simulated)
  const updated = Math.max(0, ...tickers.map((t) => t.time))
  return (
    <section className="card" aria-labelledby="prices-title">
      <header className="card-head">
        <h2 id="prices-title">
          <Trans>Live prices</Trans>
        </h2>
        {simulated && (
          <span className="badge warn" title={t`Prices come from a built-in simulator, not a real market.`}>
            <Trans>Simulated</Trans>
          </span>
        )}
      </header>
      {tickers.length === 0 ? (
        <p className="muted">
          <Trans>Waiting for prices…</Trans>
        </p>
      ) : (
        <table className="prices" data-testid="live-prices">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Symbol</Trans>
              </th>
              <th scope="col">
                <Trans>Bid</Trans>
              </th>
              <th scope="col">
                <Trans>Ask</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {tickers.map((t) => (
              <tr key={t.symbol}>
                <th scope="row">{t.symbol}</th>
                <td className="mono">{t.bid}</td>
                <td className="mono">{t.ask}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {isOnline ? (
        <p className="muted small">
          <Trans>{tickers.length} instruments streaming</Trans>
          {updated > 0 && format && (
            <>
              {' · '}
              <Trans>Updated {format(updated, i18n.locale, offset, 'time')}</Trans>
            </>
          )}
        </p>
      ) : (
        updated > 0 &&
        format && (
          <p className="muted small" data-testid="prices-time">
            <Trans>Updated {format(updated, i18n.locale, offset)}</Trans>
          </p>
        )
      )}
    </section>
  )
}
