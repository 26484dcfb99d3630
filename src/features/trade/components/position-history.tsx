// The History tab: closed positions, latest close first, filtered by symbol, type, how they closed and close days,
// with the totals of the whole filter above the list. On the instrument screen the symbol is fixed to its own.
import { useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { Button } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { IconFile } from '../../../components/ui/icons.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { StaleNote } from '../../../components/ui/stale-note.tsx'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { useSession } from '../../../lib/session.ts'
import { historyQueries, type HistoryFilter } from '../history-api.ts'
import type { Market } from '../preview.ts'
import { HistoryFilters } from './history-filters.tsx'
import { HistoryItem } from './history-item.tsx'
import { HistoryTotals } from './history-totals.tsx'

export function PositionHistory({ market, symbol, currency }: { market: Market; symbol?: string; currency: string }) {
  const isOnline = useIsOnline()
  const userId = useSession((s) => s.userId)
  const [chosen, setChosen] = useState<HistoryFilter>({})
  const filter = symbol ? { ...chosen, symbol } : chosen
  const query = useInfiniteQuery(historyQueries.closed(userId, filter))
  const first = query.data?.pages[0]
  const list = query.data?.pages.flatMap((p) => p.list) ?? []
  const isFiltered = Object.values(chosen).some((v) => v !== undefined)

  let body
  if (query.isPending) body = <SkeletonRows rows={3} />
  else if (!query.data) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  else if (list.length === 0)
    body = (
      <span data-testid="history-empty">
        <EmptyState
          icon={<IconFile size={32} />}
          title={isFiltered ? <Trans>No closed positions match these filters</Trans> : <Trans>No closed positions yet</Trans>}
        />
      </span>
    )
  else
    body = (
      <>
        <ul className="order-list" data-testid="order-history">
          {list.map((o) => (
            <HistoryItem key={o.orderNo} order={o} digits={market.instrument(o.symbol)?.digits} currency={currency} />
          ))}
        </ul>
        {query.hasNextPage && (
          <div className="account-figures">
            <Button variant="secondary" block loading={query.isFetchingNextPage} disabled={!isOnline} onClick={() => void query.fetchNextPage()}>
              <Trans>Load more</Trans>
            </Button>
          </div>
        )}
      </>
    )

  return (
    <div className="position-history">
      <HistoryFilters filter={filter} symbols={symbol ? null : (first?.symbols ?? [])} onChange={setChosen} />
      {first && first.totals.length > 0 && <HistoryTotals totals={first.totals} />}
      {body}
      {query.data && (!isOnline || query.error) && (
        <div className="account-figures">
          <StaleNote time={query.dataUpdatedAt} />
        </div>
      )}
    </div>
  )
}
