// Open, high, low and close of one candle over the chart, and its tick volume (the quote updates in it: the feed has
// no traded volume, so it is never called plain "Volume"), in the active language's number format: the bar under the
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
      <div>
        <dt>
          <Trans>Tick volume</Trans>
        </dt>
        <dd data-testid="legend-ticks">{candle ? f.amount(String(candle.ticks), { digits: 0 }) : '—'}</dd>
      </div>
    </dl>
  )
}
