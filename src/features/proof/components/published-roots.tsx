// The public record of published roots, newest first: time, the total owed per currency, and the root's hash. A
// signed-in user picks one to open their proof in that snapshot (onPick); a snapshot whose proofs were deleted after
// the retention period says so and keeps its root.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { Amount } from '../../../components/ui/amount.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { useFormat } from '../../../lib/format.ts'
import { proofQueries, ROOTS_PAGE_SIZE } from '../api.ts'
import { digitsOf } from './proof-card.tsx'

/** shown: the snapshot whose proof is open (null: the latest); onPick: undefined when signed out (no proof to open). */
export function PublishedRoots({ shown, onPick }: { shown: string | null; onPick?: (snapshotId: string) => void }) {
  const { t } = useLingui()
  const format = useFormat()
  const [page, setPage] = useState(1)
  const roots = useQuery(proofQueries.roots(page))
  const title = t`Published roots`
  if (roots.isPending) return <Card title={title} titleId="roots-title"><SkeletonRows rows={3} /></Card>
  if (!roots.data) return <Card title={title} titleId="roots-title"><ErrorState error={roots.error} onRetry={() => void roots.refetch()} /></Card>
  const { list, total } = roots.data
  // The snapshot whose proof is open above: the one picked, or the newest (first on the first page).
  const isShown = (id: string, i: number) => (shown === null ? page === 1 && i === 0 : shown === id)
  return (
    <Card title={title} titleId="roots-title">
      {list.length === 0 ? (
        <EmptyState title={t`No snapshot has been published yet`} />
      ) : (
        <ol className="proof-roots" data-testid="liability-roots">
          {list.map((s, i) => (
            <li key={s.id} className="proof-root" data-testid="liability-root" aria-current={isShown(s.id, i) || undefined}>
              <div className="proof-root-head">
                <time dateTime={new Date(s.publishedAt).toISOString()}>{format.dateTime(s.publishedAt)}</time>
                <span className="proof-root-totals" aria-label={t`Total`}>
                  {s.currencies.map((c) => (
                    <Amount key={c.currency} value={c.total} currency={c.currency} digits={digitsOf(c.total)} />
                  ))}
                </span>
              </div>
              <p className="proof-hash">{s.root}</p>
              {s.pruned ? (
                <p className="proof-root-foot">
                  <Badge testId="liability-root-pruned">{t`Proofs deleted`}</Badge>
                </p>
              ) : !onPick ? null : isShown(s.id, i) ? (
                <p className="proof-root-foot">
                  <Badge tone="info" testId="liability-root-shown">{t`Your proof above`}</Badge>
                </p>
              ) : (
                <p className="proof-root-foot">
                  <Button variant="ghost" onClick={() => onPick(s.id)} data-testid="liability-root-open">
                    {t`Check my proof in this snapshot`}
                  </Button>
                </p>
              )}
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
