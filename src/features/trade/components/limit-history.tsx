import { useInfiniteQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { Button } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { IconFile } from '../../../components/ui/icons.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { useSession } from '../../../lib/session.ts'
import { historyQueries } from '../history-api.ts'
import type { Market } from '../preview.ts'
import { HistoryItem } from './history-item.tsx'

/** Limit orders that filled (a position opened) or were cancelled, newest first; one symbol on its own screen. */
export function LimitHistory({ market, symbol, currency }: { market: Market; symbol?: string; currency: string }) {
  const isOnline = useIsOnline()
  const userId = useSession((s) => s.userId)
  const query = useInfiniteQuery(historyQueries.finishedLimits(userId))
  const list = (query.data?.pages.flatMap((p) => p.list) ?? []).filter((o) => !symbol || o.symbol === symbol)
  if (query.isPending) return <SkeletonRows rows={3} />
  if (!query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  return (
    <>
      {list.length > 0 ? (
        <ul className="order-list" data-testid="limit-history">
          {list.map((o) => (
            <HistoryItem key={o.orderNo} order={o} digits={market.instrument(o.symbol)?.digits} currency={currency} />
          ))}
        </ul>
      ) : (
        !query.hasNextPage && <EmptyState icon={<IconFile size={32} />} title={<Trans>No records yet</Trans>} />
      )}
      {query.hasNextPage && (
        <div className="account-figures">
          <Button variant="secondary" block loading={query.isFetchingNextPage} disabled={!isOnline} onClick={() => void query.fetchNextPage()}>
            <Trans>Load more</Trans>
          </Button>
        </div>
      )}
    </>
  )
}
