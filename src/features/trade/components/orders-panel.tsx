// Open positions (live P/L), pending limit orders and closed positions (position-history.tsx), under the trading account's live figures. Used on
// /trades, on the instrument screen (one symbol) and in the account area's Orders section. `market` comes from the
// route (the markets feature's quotes and instruments).
import { useEffect, useMemo, useState } from 'react'
import { useLocation } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { ratesFromQuotes } from '#contract/trading-math.ts'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { IconFile } from '../../../components/ui/icons.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { StaleNote } from '../../../components/ui/stale-note.tsx'
import { keptAt } from '../../../lib/kept-private.ts'
import { Segmented } from '../../../components/ui/segmented.tsx'
import { Tabs } from '../../../components/ui/tabs.tsx'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { useSession } from '../../../lib/session.ts'
import { orderQueries } from '../api.ts'
import type { Market } from '../preview.ts'
import { AccountSummary } from './account-summary.tsx'
import { LimitHistory } from './limit-history.tsx'
import { LimitItem } from './limit-item.tsx'
import { ManageCloseAll } from './manage-close-all.tsx'
import { PositionHistory } from './position-history.tsx'
import { PositionItem } from './position-item.tsx'
import '../trade.css'

type Tab = 'positions' | 'pending' | 'history'
type Finished = 'positions' | 'limits'

/** `withAccount={false}`: the account's figures are shown elsewhere (the desktop instrument screen's ticket column). */
export function OrdersPanel({ market, symbol, withAccount = true }: { market: Market; symbol?: string; withAccount?: boolean }) {
  const { t } = useLingui()
  const isOnline = useIsOnline()
  const userId = useSession((s) => s.userId)
  const [tab, setTab] = useState<Tab>('positions')
  // A link to one order (a toast's, trade-toasts.tsx): #order-N is an open position, #closed-N one in the history.
  // A new hash picks its tab once; the user's own tab choice holds until the next one.
  const hash = useLocation({ select: (l) => l.hash })
  const [seenHash, setSeenHash] = useState('')
  if (hash !== seenHash) {
    setSeenHash(hash)
    if (hash.startsWith('closed-')) setTab('history')
    else if (hash.startsWith('order-')) setTab('positions')
  }
  const [finished, setFinished] = useState<Finished>('positions')
  const account = useQuery(orderQueries.account(userId))
  const positions = useQuery(orderQueries.positions(userId))
  const pending = useQuery(orderQueries.pending(userId))
  const rates = useMemo(() => ratesFromQuotes(market.quotes), [market.quotes])
  const currency = account.data?.currency ?? 'USDT'
  const mine = <T extends { symbol: string }>(list: T[] | undefined) => (list ?? []).filter((o) => !symbol || o.symbol === symbol)

  const current = tab === 'pending' ? pending : positions
  const isListed = tab === 'history' || !!current.data
  useEffect(() => {
    // Scrolls the linked order into view once its list has rendered (the history loads its own page).
    if (!hash || !isListed) return
    const scrolled = () => {
      const target = document.getElementById(hash)
      target?.scrollIntoView({ block: 'center' })
      return !!target
    }
    if (scrolled()) return
    const observer = new MutationObserver(() => scrolled() && observer.disconnect())
    observer.observe(document.body, { childList: true, subtree: true })
    const stop = setTimeout(() => observer.disconnect(), 10_000)
    return () => {
      observer.disconnect()
      clearTimeout(stop)
    }
  }, [hash, isListed])
  let body
  // The history has its own filters, totals and states: closed positions, or limit orders that filled or were
  // cancelled (MT5's History shows positions and orders the same way).
  if (tab === 'history')
    body = (
      <>
        <div className="history-switch">
          <Segmented
            size="sm"
            label={t({ message: 'History', context: 'orders' })}
            value={finished}
            onChange={setFinished}
            options={[
              // The same word as the tab: a bare "Positions" is a count in the history's totals (history-totals.tsx).
              { value: 'positions', label: t({ message: 'Positions', context: 'orders tab' }) },
              { value: 'limits', label: <Trans>Limit orders</Trans> },
            ]}
          />
        </div>
        {finished === 'positions' ? (
          <PositionHistory market={market} symbol={symbol} currency={currency} />
        ) : (
          <LimitHistory market={market} symbol={symbol} currency={currency} />
        )}
      </>
    )
  else if (current.isPending) body = <SkeletonRows rows={3} />
  else if (current.isError && !current.data) body = <ErrorState error={current.error} onRetry={() => void current.refetch()} />
  else if (tab === 'positions') {
    const list = mine(positions.data?.list)
    body = list.length ? (
      <>
        {list.length > 1 && <ManageCloseAll closing={list} market={market} currency={currency} symbol={symbol} />}
        <ul className="order-list" data-testid="positions">
          {list.map((o) => <PositionItem key={o.orderNo} order={o} market={market} rates={rates} currency={currency} />)}
        </ul>
      </>
    ) : (
      <EmptyState icon={<IconFile size={32} />} title={<Trans>No open positions</Trans>} />
    )
  } else if (tab === 'pending') {
    const list = mine(pending.data?.list)
    body = list.length ? (
      <ul className="order-list" data-testid="limit-orders">
        {list.map((o) => <LimitItem key={o.orderNo} order={o} market={market} currency={currency} />)}
      </ul>
    ) : (
      <EmptyState icon={<IconFile size={32} />} title={<Trans>No pending limit orders</Trans>} />
    )
  }
  // Offline after a reload the lists are the ones kept on this device (src/lib/kept-private.ts), with their time.
  const updated = tab === 'history' ? 0 : current.isPlaceholderData ? keptAt(userId, tab) : current.dataUpdatedAt
  return (
    <div className="orders-panel" data-testid="orders-panel">
      {withAccount && account.data && positions.data && <AccountSummary account={account.data} positions={positions.data.list} market={market} />}
      <Card flush>
        <div className="orders-tabs">
          <Tabs
            label={t`Orders`}
            value={tab}
            onChange={setTab}
            tabs={[
              // One word each where the language allows: three tabs share 320 px (the card's title says "orders").
              { id: 'positions', label: t({ message: 'Positions', context: 'orders tab' }) },
              { id: 'pending', label: t({ message: 'Pending', context: 'orders tab' }) },
              { id: 'history', label: t({ message: 'History', context: 'orders' }) },
            ]}
          />
        </div>
        {body}
        {!isOnline && updated > 0 && (
          <div className="account-figures" data-testid="orders-time">
            <StaleNote time={updated} />
          </div>
        )}
      </Card>
    </div>
  )
}
