// Open, high, low and close of one candle over the chart, in the active language's number format: the bar under the
// cursor or finger, else the newest.
import { Trans } from '@lingui/react/macro'
import type { Candle } from '#contract/markets.ts'
import { useFormat } from '../../../lib/format.ts'

export function ChartLegend({ candle, digits }: { candle: Candle | null; digits: number }) {
  const f = useFormat()
  const price = (v: string | undefined) => (v ? f.price(v, digits) : '—')
  return (
    <dl className="chart-legend" data-testid="chart-legend">
      <div>
        <dt>
          <Trans context="candle">Open</Trans>
        </dt>
        <dd data-testid="legend-open">{price(candle?.open)}</dd>
      </div>
      <div>
        <dt>
          <Trans context="candle">High</Trans>
        </dt>
        <dd data-testid="legend-high">{price(candle?.high)}</dd>
      </div>
      <div>
        <dt>
          <Trans context="candle">Low</Trans>
        </dt>
        <dd data-testid="legend-low">{price(candle?.low)}</dd>
      </div>
      <div>
        <dt>
          <Trans context="candle">Close</Trans>
        </dt>
        <dd data-testid="legend-close">{price(candle?.close)}</dd>
      </div>
    </dl>
  )
}
