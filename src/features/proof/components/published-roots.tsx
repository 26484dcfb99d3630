// The public record of published roots, newest first: time, the total owed per currency, and the root's hash.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { Amount } from '../../../components/ui/amount.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { useFormat } from '../../../lib/format.ts'
import { proofQueries, ROOTS_PAGE_SIZE } from '../api.ts'
import { digitsOf } from './proof-card.tsx'

export function PublishedRoots() {
  const { t } = useLingui()
  const format = useFormat()
  const [page, setPage] = useState(1)
  const roots = useQuery(proofQueries.roots(page))
  const title = t`Published roots`
  if (roots.isPending) return <Card title={title} titleId="roots-title"><SkeletonRows rows={3} /></Card>
  if (!roots.data) return <Card title={title} titleId="roots-title"><ErrorState error={roots.error} onRetry={() => void roots.refetch()} /></Card>
  const { list, total } = roots.data
  return (
    <Card title={title} titleId="roots-title">
      {list.length === 0 ? (
        <EmptyState title={t`No snapshot has been published yet`} />
      ) : (
        <ol className="proof-roots" data-testid="liability-roots">
          {list.map((s) => (
            <li key={s.id} className="proof-root" data-testid="liability-root">
              <div className="proof-root-head">
                <time dateTime={new Date(s.publishedAt).toISOString()}>{format.dateTime(s.publishedAt)}</time>
                <span className="proof-root-totals" aria-label={t`Total`}>
                  {s.currencies.map((c) => (
                    <Amount key={c.currency} value={c.total} currency={c.currency} digits={digitsOf(c.total)} />
                  ))}
                </span>
              </div>
              <p className="proof-hash">{s.root}</p>
            </li>
          ))}
        </ol>
      )}
      {total > ROOTS_PAGE_SIZE && (
        <div className="proof-pages">
          <Button variant="secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>{t`Newer`}</Button>
          <Button variant="secondary" disabled={page * ROOTS_PAGE_SIZE >= total} onClick={() => setPage(page + 1)}>{t`Earlier`}</Button>
        </div>
      )}
    </Card>
  )
}
