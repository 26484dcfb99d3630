// Open positions (live P/L), pending limit orders and closed positions (position-history.tsx), under the trading account's live figures. Used on
// /trades, on the instrument screen (one symbol) and in the account area's Orders section. `market` comes from the
// route (the markets feature's quotes and instruments).
import { useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { ratesFromQuotes } from '#contract/trading-math.ts'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { IconFile } from '../../../components/ui/icons.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { StaleNote } from '../../../components/ui/stale-note.tsx'
import { Segmented } from '../../../components/ui/segmented.tsx'
import { Tabs } from '../../../components/ui/tabs.tsx'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { useSession } from '../../../lib/session.ts'
import { orderQueries } from '../api.ts'
import type { Market } from '../preview.ts'
import { AccountSummary } from './account-summary.tsx'
import { LimitHistory } from './limit-history.tsx'
import { LimitItem } from './limit-item.tsx'
import { PositionHistory } from './position-history.tsx'
import { PositionItem } from './position-item.tsx'
import '../trade.css'

type Tab = 'positions' | 'pending' | 'history'
type Finished = 'positions' | 'limits'

export function OrdersPanel({ market, symbol }: { market: Market; symbol?: string }) {
  const { t } = useLingui()
  const isOnline = useIsOnline()
  const userId = useSession((s) => s.userId)
  const [tab, setTab] = useState<Tab>('positions')
  const [finished, setFinished] = useState<Finished>('positions')
  const account = useQuery(orderQueries.account(userId))
  const positions = useQuery(orderQueries.positions(userId))
  const pending = useQuery(orderQueries.pending(userId))
  const rates = useMemo(() => ratesFromQuotes(market.quotes), [market.quotes])
  const currency = account.data?.currency ?? 'USDT'
  const mine = <T extends { symbol: string }>(list: T[] | undefined) => (list ?? []).filter((o) => !symbol || o.symbol === symbol)

  const current = tab === 'pending' ? pending : positions
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
              { value: 'positions', label: <Trans>Positions</Trans> },
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
      <ul className="order-list" data-testid="positions">
        {list.map((o) => <PositionItem key={o.orderNo} order={o} market={market} rates={rates} currency={currency} />)}
      </ul>
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
  const updated = tab === 'history' ? 0 : current.dataUpdatedAt
  return (
    <div className="orders-panel" data-testid="orders-panel">
      {account.data && positions.data && <AccountSummary account={account.data} positions={positions.data.list} market={market} />}
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
          <div className="account-figures">
            <StaleNote time={updated} />
          </div>
        )}
      </Card>
    </div>
  )
}
