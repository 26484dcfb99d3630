// /detail?symbol=XXX, chart first: the candle chart (its library loads after this screen shows), the live quote, and
// the trading parts the route composes in from the trade feature: `trade` gives the ticket (Sell/Buy with the live
// bid and ask, the order form) and the orders of this symbol; `lines` the chart lines of the open positions.
// Phones: one column, the Sell/Buy bar fixed above the tab bar (trade.css). Desktop: a trading layout of the
// market list, the chart over the orders, and the ticket, side by side (markets.css).
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Instrument } from '#contract/markets.ts'
import { isMarketOpen } from '#contract/trading-hours.ts'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { buttonClass } from '../../../components/ui/button.tsx'
import { IconSearch } from '../../../components/ui/icons.tsx'
import { useIsDesktop } from '../../../lib/use-is-desktop.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { catalogueQueries } from '../catalogue-api.ts'
import { instrumentName } from '../instrument-names.ts'
import { useMarketView } from '../use-market-view.ts'
import { useNow } from '../use-now.ts'
import { CandleChart, type ChartLine } from './candle-chart.tsx'
import { InstrumentQuote } from './instrument-quote.tsx'
import { MarketList } from './market-list.tsx'
import '../prices.css'
import '../markets.css'

export type TradeParts = { ticket: ReactNode; orders?: ReactNode }
type Props = { symbol?: string; lines?: ChartLine[]; trade?: (inst: Instrument, isOpen: boolean) => TradeParts }

export function InstrumentScreen({ symbol, lines = [], trade }: Props) {
  const { t, i18n } = useLingui()
  const isOnline = useIsOnline()
  const isDesktop = useIsDesktop()
  const market = useMarketView()
  const now = useNow()
  const info = useQuery({ ...catalogueQueries.instrument(symbol ?? ''), enabled: !!symbol })
  const inst = info.data ?? (symbol ? market.instrument(symbol) : undefined)
  const ticker = symbol ? market.quote(symbol) : undefined
  const header = <PageHeader title={inst ? `${inst.symbol} · ${instrumentName(i18n, inst.symbol, inst.name)}` : (symbol ?? <Trans>Instrument</Trans>)} back="/trades" />
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
  }
  if (body || !symbol || !ticker)
    return (
      <div className="instrument" data-testid="instrument">
        {header}
        {body}
      </div>
    )

  const isOpen = inst ? isMarketOpen(inst.hours, now) : true
  const parts = inst && trade ? trade(inst, isOpen) : null
  const chart = (
    <Card title={<Trans>Chart</Trans>} titleId="chart-title" flush>
      <CandleChart symbol={symbol} digits={inst?.digits ?? digitsOf(ticker.bid)} quote={ticker} lines={lines} />
    </Card>
  )
  const quote = <InstrumentQuote ticker={ticker} inst={inst} isOpen={isOpen} now={now} />
  if (!isDesktop)
    return (
      <div className="instrument" data-testid="instrument">
        {header}
        {chart}
        {quote}
        {parts?.ticket}
        {parts?.orders}
      </div>
    )
  return (
    <div className="instrument trading-desk" data-testid="instrument">
      {/* A labelled region, not an <aside>: inside <main>, a complementary landmark is not at the top level. */}
      <section className="desk-markets" aria-label={t`Markets`}>
        <MarketList />
      </section>
      <div className="desk-main">
        {header}
        {chart}
        {parts?.orders}
      </div>
      <div className="desk-side">
        {quote}
        {parts?.ticket}
      </div>
    </div>
  )
}

const digitsOf = (price: string) => /\.(\d+)$/.exec(price)?.[1]?.length ?? 0
