// The instrument's live quote under the chart: the bid large, the change against the opening price, bid, ask and
// spread, whether the market is open, and the time of the price ("Simulated" when it is). Offline: the kept price
// with its time.
import { Trans } from '@lingui/react/macro'
import type { Instrument } from '#contract/markets.ts'
import type { Ticker } from '#contract/socket.ts'
import { nextOpen } from '#contract/trading-hours.ts'
import { Card } from '../../../components/ui/card.tsx'
import { Change, Price } from '../../../components/ui/amount.tsx'
import { StaleNote } from '../../../components/ui/stale-note.tsx'
import { IconInfo } from '../../../components/ui/icons.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { changePercent, spread } from '../ticker-math.ts'
import { SimulatedBadge } from './simulated-badge.tsx'

type Props = { ticker: Ticker; inst: Instrument | undefined; isOpen: boolean; now: number }

export function InstrumentQuote({ ticker, inst, isOpen, now }: Props) {
  const f = useFormat()
  const isOnline = useIsOnline()
  const change = changePercent(ticker)
  const opens = inst && !isOpen ? nextOpen(inst.hours, now) : null
  return (
    <Card title={<Trans>Price</Trans>} titleId="quote-title" actions={ticker.simulated && <SimulatedBadge />}>
      <div className="quote-main">
        <p className="quote-big" data-testid="instrument-bid">
          <Price value={ticker.bid} />
        </p>
        {change !== null && (
          <p className="quote-change">
            <Change value={change} testId="instrument-change" />{' '}
            <span className="caption">
              <Trans>against the opening price</Trans>
            </span>
          </p>
        )}
      </div>
      <dl className="quote-facts">
        <div>
          <dt>
            <Trans>Bid</Trans>
          </dt>
          <dd data-testid="instrument-bid-small">
            <Price value={ticker.bid} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Ask</Trans>
          </dt>
          <dd data-testid="instrument-ask">
            <Price value={ticker.ask} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Spread</Trans>
          </dt>
          <dd>
            <Price value={spread(ticker)} />
          </dd>
        </div>
      </dl>
      {!isOpen && (
        <p className="market-closed-note" data-testid="instrument-closed">
          <IconInfo size={18} />
          {opens ? <Trans>Market closed. It opens {f.dateTime(opens)}.</Trans> : <Trans>Market closed.</Trans>}
        </p>
      )}
      {isOnline ? (
        <p className="caption quote-time">
          <Trans>Updated {f.dateTime(ticker.time, 'time')}</Trans>
        </p>
      ) : (
        <StaleNote time={ticker.time} />
      )}
    </Card>
  )
}
