// Home, signed in, portfolio first: the active book's equity at the live quotes, the P/L of what closed today and
// of what is open now, quick ways to Deposit and to Trade, then a few open positions (live P/L, each opening its
// instrument) with the way to all of them. Loaded after the first paint (routes/_app/-lazy-portfolio.tsx).
import { useMemo, useState, type CSSProperties } from 'react'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Decimal } from 'decimal.js'
import { dec, ratesFromQuotes } from '#contract/trading-math.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { BookLabel } from '../../../components/ui/book-badge.tsx'
import { buttonClass } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { StaleNote } from '../../../components/ui/stale-note.tsx'
import { useFormat } from '../../../lib/format.ts'
import { keptAt } from '../../../lib/kept-private.ts'
import { useSession } from '../../../lib/session.ts'
import { orderQueries } from '../api.ts'
import { historyQueries } from '../history-api.ts'
import { SIDE_LABELS } from '../labels.ts'
import { liveLevel, liveProfit, type Market } from '../preview.ts'
import { useLotsText } from '../use-lots-text.ts'
import { ProfitText } from './order-facts.tsx'
import '../trade.css'

/** How many open positions home shows before "All positions". */
const SHOWN = 3

const startOfToday = () => new Date().setHours(0, 0, 0, 0)

export function PortfolioCard({ market }: { market: Market }) {
  const { i18n } = useLingui()
  const f = useFormat()
  const lotsText = useLotsText()
  const userId = useSession((s) => s.userId)
  const account = useQuery(orderQueries.account(userId))
  const positions = useQuery(orderQueries.positions(userId))
  const [from] = useState(startOfToday)
  const closedToday = useInfiniteQuery(historyQueries.closed(userId, { from }))
  const rates = useMemo(() => ratesFromQuotes(market.quotes), [market.quotes])

  if (account.isPending || positions.isPending)
    return (
      <Card>
        <SkeletonRows rows={3} />
      </Card>
    )
  if (account.isError || positions.isError)
    return (
      <Card>
        <ErrorState error={account.error ?? positions.error} onRetry={() => void Promise.all([account.refetch(), positions.refetch()])} />
      </Card>
    )
  const { currency } = account.data
  const list = positions.data.list
  const count = list.length
  const money = (v: Decimal | string) => `${f.amount(dec(v).toFixed(2), { signed: true })} ${currency}`
  const equity = liveLevel(account.data, list, market).equity
  const equityText = `${f.amount(equity.toFixed(2))} ${currency}`
  const openPl = list.reduce((sum, p) => sum.plus(liveProfit(p, market, rates)), dec('0'))
  const closed = closedToday.data?.pages[0]?.totals.find((x) => x.currency === currency)?.net
  // Offline after a reload: the balance and positions kept on this device, as of the older of the two.
  const keptTime = account.isPlaceholderData || positions.isPlaceholderData ? Math.min(keptAt(userId, 'account'), keptAt(userId, 'positions')) : 0
  const title = (
    <>
      <Trans>Portfolio</Trans> <BookLabel book={account.data.book} testId="portfolio-book" />
    </>
  )
  return (
    <>
      <Card title={title} titleId="portfolio-title">
        <p className="portfolio-equity fit-figure">
          <span className="caption">
            <Trans>Equity</Trans>
          </span>
          <span className="num" data-testid="portfolio-equity" style={{ '--chars': equityText.length } as CSSProperties}>
            {equityText}
          </span>
        </p>
        <dl className="figures portfolio-figures">
          <dt>
            <Trans>Today's P/L, closed positions</Trans>
          </dt>
          <dd>
            {closed === undefined && closedToday.isPending ? '…' : <ProfitText value={closed ?? '0'} text={money(closed ?? '0')} testId="portfolio-today" />}
          </dd>
          <dt>
            <Trans>P/L of open positions</Trans>
          </dt>
          <dd>
            <ProfitText value={openPl.toFixed(2)} text={money(openPl)} testId="portfolio-open-pl" />
          </dd>
        </dl>
        {keptTime > 0 && (
          <div data-testid="portfolio-time">
            <StaleNote time={keptTime} />
          </div>
        )}
        <div className="portfolio-actions">
          <Link to="/profile/{-$type}" params={{ type: 'deposit' }} className={buttonClass('secondary', 'md', true)} data-testid="portfolio-deposit">
            <Trans context="funding action">Deposit</Trans>
          </Link>
          <Link to="/trades" className={buttonClass('primary', 'md', true)} data-testid="portfolio-trade">
            <Trans context="portfolio action">Trade</Trans>
          </Link>
        </div>
      </Card>
      <Card title={<Trans>Open positions</Trans>} titleId="portfolio-positions-title" flush>
        {list.length ? (
          <ul className="portfolio-positions" data-testid="portfolio-positions">
            {list.slice(0, SHOWN).map((p) => {
              const pl = liveProfit(p, market, rates)
              return (
                <li key={p.orderNo}>
                  <Link to="/detail" search={{ symbol: p.symbol }} className="portfolio-position" data-testid="portfolio-position">
                    <span className="order-title">
                      {p.symbol}
                      <Badge tone={p.side === 'buy' ? 'up' : 'down'}>{i18n._(SIDE_LABELS[p.side])}</Badge>
                      <span className="caption">{lotsText(p.lots)}</span>
                    </span>
                    <ProfitText value={pl.toFixed(2)} text={money(pl)} />
                  </Link>
                </li>
              )
            })}
          </ul>
        ) : (
          <p className="muted portfolio-none">
            <Trans>No open positions</Trans>
          </p>
        )}
        <div className="portfolio-more">
          <Link to="/profile/{-$type}" params={{ type: 'orders' }} className={buttonClass('ghost', 'md', true)} data-testid="portfolio-all">
            {list.length > SHOWN ? <Trans>All positions ({count})</Trans> : <Trans>All positions and orders</Trans>}
          </Link>
        </div>
      </Card>
    </>
  )
}
