// /detail?symbol=XXX: one instrument's bid, ask, spread and change, live (or the kept prices offline). Charts and
// trading come with issue 9; the screen says so instead of pretending.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { Change, Price } from '../../../components/ui/amount.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { StaleNote } from '../../../components/ui/stale-note.tsx'
import { buttonClass } from '../../../components/ui/button.tsx'
import { IconInfo, IconSearch } from '../../../components/ui/icons.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { marketQueries } from '../api.ts'
import { changePercent, spread } from '../ticker-math.ts'
import { SimulatedBadge } from './simulated-badge.tsx'
import '../prices.css'

export function InstrumentScreen({ symbol }: { symbol?: string }) {
  const f = useFormat()
  const isOnline = useIsOnline()
  const { data: tickers, isPending } = useQuery(marketQueries.tickers())
  const ticker = tickers?.find((t) => t.symbol === symbol)
  const toMarkets = (
    <Link to="/trades" className={buttonClass('primary')}>
      <Trans>See all prices</Trans>
    </Link>
  )
  let body
  if (!symbol) {
    body = <EmptyState icon={<IconSearch size={32} />} title={<Trans>No instrument chosen</Trans>} action={toMarkets} />
  } else if (!ticker) {
    body =
      isPending || (isOnline && (tickers?.length ?? 0) === 0) ? (
        <SkeletonRows rows={3} />
      ) : (
        <EmptyState icon={<IconSearch size={32} />} title={<Trans>No prices for {symbol}</Trans>} action={toMarkets} />
      )
  } else {
    const change = changePercent(ticker)
    body = (
      <>
        <Card title={<Trans>Price</Trans>} titleId="quote-title" actions={ticker.simulated && <SimulatedBadge />}>
          <p className="quote-big" data-testid="instrument-bid">
            <Price value={ticker.bid} />
          </p>
          {change !== null && (
            <p>
              <Change value={change} testId="instrument-change" />{' '}
              <span className="caption">
                <Trans>against the opening price</Trans>
              </span>
            </p>
          )}
          <dl className="quote-facts">
            <dt>
              <Trans>Bid</Trans>
            </dt>
            <dd>
              <Price value={ticker.bid} />
            </dd>
            <dt>
              <Trans>Ask</Trans>
            </dt>
            <dd>
              <Price value={ticker.ask} />
            </dd>
            <dt>
              <Trans>Spread</Trans>
            </dt>
            <dd>
              <Price value={spread(ticker)} />
            </dd>
          </dl>
          {isOnline ? (
            <p className="caption">
              <Trans>Updated {f.dateTime(ticker.time, 'time')}</Trans>
            </p>
          ) : (
            <StaleNote time={ticker.time} />
          )}
        </Card>
        <Card>
          <p className="muted">
            <IconInfo size={18} /> <Trans>Charts and trading for this instrument open in a coming release.</Trans>
          </p>
        </Card>
      </>
    )
  }
  return (
    <div className="instrument" data-testid="instrument">
      <PageHeader title={symbol ?? <Trans>Instrument</Trans>} back="/trades" />
      {body}
    </div>
  )
}
