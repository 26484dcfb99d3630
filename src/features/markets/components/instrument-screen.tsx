// /detail?symbol=XXX: one instrument's live bid, ask and spread ("Simulated" when they are), whether its market is
// open, the candle chart (its library loads after this screen shows), and the trading part the route composes in
// (`trade`, from the trade feature) with the chart lines of the open positions (`lines`). Offline: the kept prices
// with their time.
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Instrument } from '#contract/markets.ts'
import { isMarketOpen, nextOpen } from '#contract/trading-hours.ts'
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
import { catalogueQueries } from '../catalogue-api.ts'
import { instrumentName } from '../instrument-names.ts'
import { changePercent, spread } from '../ticker-math.ts'
import { useMarketView } from '../use-market-view.ts'
import { useNow } from '../use-now.ts'
import { CandleChart, type ChartLine } from './candle-chart.tsx'
import { SimulatedBadge } from './simulated-badge.tsx'
import '../prices.css'
import '../markets.css'

type Props = { symbol?: string; lines?: ChartLine[]; trade?: (inst: Instrument, isOpen: boolean) => ReactNode }

export function InstrumentScreen({ symbol, lines = [], trade }: Props) {
  const { i18n } = useLingui()
  const f = useFormat()
  const isOnline = useIsOnline()
  const market = useMarketView()
  const now = useNow()
  const info = useQuery({ ...catalogueQueries.instrument(symbol ?? ''), enabled: !!symbol })
  const inst = info.data ?? (symbol ? market.instrument(symbol) : undefined)
  const ticker = symbol ? market.quote(symbol) : undefined
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
      info.isPending && isOnline ? (
        <SkeletonRows rows={3} />
      ) : (
        <EmptyState icon={<IconSearch size={32} />} title={<Trans>No prices for {symbol}</Trans>} action={toMarkets} />
      )
  } else {
    const change = changePercent(ticker)
      const isOpen = inst ? isMarketOpen(inst.hours, now) : true
    const opens = inst && !isOpen ? nextOpen(inst.hours, now) : null
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
            <dd data-testid="instrument-bid-small">
              <Price value={ticker.bid} />
            </dd>
            <dt>
              <Trans>Ask</Trans>
            </dt>
            <dd data-testid="instrument-ask">
              <Price value={ticker.ask} />
            </dd>
            <dt>
              <Trans>Spread</Trans>
            </dt>
            <dd>
              <Price value={spread(ticker)} />
            </dd>
          </dl>
          {!isOpen && (
            <p className="market-closed-note" data-testid="instrument-closed">
              <IconInfo size={18} />
              {opens ? <Trans>Market closed. It opens {f.dateTime(opens)}.</Trans> : <Trans>Market closed.</Trans>}
            </p>
          )}
          {isOnline ? (
            <p className="caption">
              <Trans>Updated {f.dateTime(ticker.time, 'time')}</Trans>
            </p>
          ) : (
            <StaleNote time={ticker.time} />
          )}
        </Card>
        <Card title={<Trans>Chart</Trans>} titleId="chart-title" flush>
          <CandleChart symbol={symbol} digits={inst?.digits ?? digitsOf(ticker.bid)} quote={ticker} lines={lines} />
        </Card>
        {inst && trade?.(inst, isOpen)}
      </>
    )
  }
  return (
    <div className="instrument" data-testid="instrument">
      <PageHeader title={inst ? `${inst.symbol} · ${instrumentName(i18n, inst.symbol, inst.name)}` : (symbol ?? <Trans>Instrument</Trans>)} back="/trades" />
      {body}
    </div>
  )
}

const digitsOf = (price: string) => /\.(\d+)$/.exec(price)?.[1]?.length ?? 0
