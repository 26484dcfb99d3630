// /profile/records: every business event of the active book, told in one sentence, newest first, filtered by kind and dates,
// a page at a time, and exportable as CSV. Loading, empty, error and offline each have their own look.
import { useState } from 'react'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { BookLabel } from '../../../components/ui/book-badge.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { StaleNote } from '../../../components/ui/stale-note.tsx'
import { IconList } from '../../../components/ui/icons.tsx'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { useSession } from '../../../lib/session.ts'
import { recordQueries, type RecordFilter } from '../api.ts'
import { ExportButton } from './export-button.tsx'
import { RecordFilters } from './record-filters.tsx'
import { RecordRow } from './record-row.tsx'
import '../records.css'

export function RecordsPanel() {
  const isOnline = useIsOnline()
  const userId = useSession((s) => s.userId)
  const [filter, setFilter] = useState<RecordFilter>({})
  const query = useInfiniteQuery(recordQueries.list(userId, filter))
  const book = useQuery(recordQueries.balance(userId)).data?.book
  const rows = query.data?.pages.flatMap((p) => p.list) ?? []
  const isFiltered = filter.kind !== undefined || filter.from !== undefined || filter.to !== undefined

  let body
  if (query.isPending) body = <SkeletonRows rows={4} />
  else if (!query.data) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  else if (rows.length === 0)
    body = (
      <span data-testid="records-empty">
        <EmptyState
          icon={<IconList size={32} />}
          title={isFiltered ? <Trans>No records match these filters</Trans> : <Trans>No records yet</Trans>}
          body={isFiltered ? undefined : <Trans>Deposits, trades and fees will be listed here.</Trans>}
        />
      </span>
    )
  else
    body = (
      <>
        <ul className="record-list">
          {rows.map((row) => (
            <RecordRow key={row.id} row={row} />
          ))}
        </ul>
        {query.hasNextPage ? (
          <Button variant="secondary" block loading={query.isFetchingNextPage} disabled={!isOnline} onClick={() => void query.fetchNextPage()}>
            <Trans>Load more</Trans>
          </Button>
        ) : (
          <p className="caption end-of-list" data-testid="records-end">
            <Trans>No more data</Trans>
          </p>
        )}
      </>
    )

  return (
    <div className="records-panel" data-testid="records-panel">
      {book && (
        <div className="panel-book">
          <BookLabel book={book} testId="records-book" />
        </div>
      )}
      <Card>
        <RecordFilters filter={filter} onChange={setFilter} />
        <ExportButton filter={filter} disabled={!isOnline} />
      </Card>
      <Card>
        {query.data && (!isOnline || query.error) && <StaleNote time={query.dataUpdatedAt} />}
        {body}
      </Card>
    </div>
  )
}
