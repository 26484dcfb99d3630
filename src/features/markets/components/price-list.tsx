// The prices the socket streams (or, offline, the ones kept in IndexedDB), one row per instrument: symbol, bid
// over ask, and the change with colour, arrow and sign. Each row opens the instrument (/detail?symbol=...).
import { memo, useDeferredValue, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Card } from '../../../components/ui/card.tsx'
import { Change, Price } from '../../../components/ui/amount.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { IconOffline } from '../../../components/ui/icons.tsx'
import { StaleNote } from '../../../components/ui/stale-note.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { marketQueries } from '../api.ts'
import type { Ticker } from '#contract/socket.ts'
import { changePercent } from '../ticker-math.ts'
import { SimulatedBadge } from './simulated-badge.tsx'
import '../prices.css'

const NONE: Ticker[] = []

/**
 * `symbols`: only these, in this order (home shows the featured few; a row per catalogue instrument re-rendered on
 * every tick kept a phone's main thread busy). Without it, every price kept.
 */
export function PriceList({ title, symbols, footer }: { title?: ReactNode; symbols?: readonly string[]; footer?: ReactNode }) {
  const isOnline = useIsOnline()
  const { data, isPending } = useQuery(marketQueries.tickers())
  // New prices render as a transition: React renders the rows in slices between a tap and a frame, and a newer tick
  // replaces a render not yet done. A cache update alone renders every row in one blocking task, and the socket's
  // first frames (the whole book) were a long task of a phone's first visit (bench/first-visit-trace.ts).
  const shown = useDeferredValue(data)
  const all = shown ?? NONE
  // Prices have come but are not rendered yet: still the skeleton, never "No prices saved yet" for a moment.
  const isWaiting = isPending || (shown === undefined && data !== undefined)
  const tickers = symbols ? pick(all, symbols) : all
  const simulated = tickers.some((x) => x.simulated)
  // The kept prices' time is the newest of them all, as the market list shows it: the featured few were the prices
  // at that moment too (a quote stands until the next one), and both screens then name one time for one snapshot.
  const updated = Math.max(0, ...all.map((x) => x.time))
  return (
    <Card title={title ?? <Trans>Prices</Trans>} titleId="prices-title" flush actions={simulated && <SimulatedBadge />}>
      {tickers.length === 0 ? (
        isOnline || isWaiting ? (
          <SkeletonRows rows={4} />
        ) : (
          <EmptyState
            icon={<IconOffline size={32} />}
            title={<Trans>No prices saved yet</Trans>}
            body={<Trans>Prices appear here once you are back online.</Trans>}
          />
        )
      ) : (
        <>
          <div className="price-head" aria-hidden="true">
            <span>
              <Trans>Instrument</Trans>
            </span>
            <span>
              <Trans>Bid / Ask</Trans>
            </span>
            <span>
              <Trans>Change</Trans>
            </span>
          </div>
          <ul className="price-list" data-testid="live-prices" aria-labelledby="prices-title">
            {tickers.map((x) => (
              <PriceRow key={x.symbol} ticker={x} />
            ))}
          </ul>
        </>
      )}
      {footer}
      <PricesFoot updated={updated} />
    </Card>
  )
}

/** The kept tickers of `symbols`, in that order; a symbol with no price yet is left out. */
function pick(all: Ticker[], symbols: readonly string[]): Ticker[] {
  const bySymbol = new Map(all.map((t) => [t.symbol, t]))
  return symbols.flatMap((symbol) => bySymbol.get(symbol) ?? [])
}

/** A row re-renders only when its own ticker changes: the cache keeps the objects of symbols that did not tick. */
const PriceRow = memo(function PriceRow({ ticker: x }: { ticker: Ticker }) {
  const change = changePercent(x)
  return (
    <li data-testid="price-row">
      <Link to="/detail" search={{ symbol: x.symbol }} className="price-row">
        <span className="price-symbol">{x.symbol}</span>
        <span className="price-quote">
          <Price value={x.bid} />
          <span className="price-ask">
            <span className="visually-hidden">
              <Trans>Ask</Trans>{' '}
            </span>
            <Price value={x.ask} />
          </span>
        </span>
        <span className="price-change">{change === null ? <span className="muted">—</span> : <Change value={change} />}</span>
      </Link>
    </li>
  )
})

/**
 * Under a list of prices: online, what the change is measured against and when it was updated; offline, the date
 * and time of the kept prices, so yesterday's never pass for now.
 */
export function PricesFoot({ updated }: { updated: number }) {
  const f = useFormat()
  const isOnline = useIsOnline()
  if (updated <= 0) return null
  return (
    <div className="price-foot">
      {isOnline ? (
        <p className="caption">
          <Trans>Change against the opening price · Updated {f.dateTime(updated, 'time')}</Trans>
        </p>
      ) : (
        <div data-testid="prices-time">
          <StaleNote time={updated} />
        </div>
      )}
    </div>
  )
}
