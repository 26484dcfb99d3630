// The transaction record of the active book: every movement with its reason, newest first, filtered by kind and
// dates, loaded a page at a time, and exportable as CSV.
import { useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { useSession } from '../../../lib/session.ts'
import { recordQueries, type RecordFilter } from '../api.ts'
import { ExportButton } from './export-button.tsx'
import { RecordFilters } from './record-filters.tsx'
import { RecordRow } from './record-row.tsx'

export function RecordsPanel() {
  const userId = useSession((s) => s.userId)
  const [filter, setFilter] = useState<RecordFilter>({})
  const query = useInfiniteQuery(recordQueries.list(userId, filter))
  const rows = query.data?.pages.flatMap((p) => p.list) ?? []

  return (
    <div className="records-panel" data-testid="records-panel">
      <div className="card-head">
        <RecordFilters filter={filter} onChange={setFilter} />
        <ExportButton filter={filter} />
      </div>
      {query.error && <p role="alert">{query.error.message}</p>}
      {query.isPending && userId ? (
        <p className="muted">
          <Trans>Loading…</Trans>
        </p>
      ) : rows.length === 0 ? (
        <p className="muted" data-testid="records-empty">
          <Trans>nothing found yet</Trans>
        </p>
      ) : (
        <>
          <ul className="record-list">
            {rows.map((row) => (
              <RecordRow key={row.id} row={row} />
            ))}
          </ul>
          {query.hasNextPage ? (
            <button type="button" className="btn secondary small" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              <Trans>Load more</Trans>
            </button>
          ) : (
            <p className="muted" data-testid="records-end">
              <Trans>No more data</Trans>
            </p>
          )}
        </>
      )}
    </div>
  )
}
