// Proof-of-liabilities snapshots (docs/proof-of-liabilities.md): every published snapshot, newest first, with its day,
// the time the balances were read, the users in it, the totals per currency and its root; and whether users can still
// open their proofs in it, or when its leaves and nodes were pruned after the retention period (its root stays).
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { opsLiabilitiesApi, type OpsLiabilitySnapshotPage } from '#contract/ops-liabilities.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { formatDateTime, formatPrice } from '../../../lib/format.ts'
import { opsCall } from '../../api.ts'
import { Pager } from '../../components/pager.tsx'

const SIZE = 20

export default function LiabilitiesPage() {
  const [page, setPage] = useState(1)
  const snapshots = useQuery({
    queryKey: ['ops', 'liabilities', page],
    queryFn: () => opsCall(opsLiabilitiesApi.snapshots, { query: { page, size: SIZE } }),
    staleTime: 0,
  })
  return (
    <>
      <PageHeader title={<Trans>Proof of liabilities</Trans>} />
      {snapshots.isPending ? (
        <SkeletonRows rows={6} />
      ) : snapshots.isError ? (
        <ErrorState error={snapshots.error} onRetry={() => void snapshots.refetch()} />
      ) : (
        <Snapshots data={snapshots.data} page={page} onPage={setPage} />
      )}
    </>
  )
}

function Snapshots({ data, page, onPage }: { data: OpsLiabilitySnapshotPage; page: number; onPage: (page: number) => void }) {
  const { t, i18n } = useLingui()
  const { retentionDays } = data
  return (
    <Card title={t`Snapshots`} titleId="ops-liabilities-snapshots">
      <p className="small muted">
        <Trans>
          One snapshot of the live book a day. Users can open their proofs in a snapshot for {retentionDays} days; then its leaves and
          nodes are deleted and only its root, totals and time stay published.
        </Trans>
      </p>
      {data.list.length === 0 ? (
        <EmptyState title={t`No snapshot has been published yet`} />
      ) : (
        <div className="ops-table-wrap">
          <table className="ops-table" data-testid="ops-liability-snapshots">
            <thead>
              <tr>
                <th scope="col"><Trans>Day</Trans></th>
                <th scope="col"><Trans>Published</Trans></th>
                <th scope="col"><Trans>Users</Trans></th>
                <th scope="col"><Trans>Totals</Trans></th>
                <th scope="col"><Trans>Root</Trans></th>
                <th scope="col"><Trans>Proofs</Trans></th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((s) => (
                <tr key={s.id} data-testid="ops-liability-snapshot">
                  <th scope="row">{s.day}</th>
                  <td>{formatDateTime(s.publishedAt, i18n.locale)}</td>
                  <td>{s.leafCount}</td>
                  <td>
                    {s.currencies.map((c) => (
                      <div key={c.currency}>{`${formatPrice(c.total, i18n.locale)} ${c.currency}`}</div>
                    ))}
                  </td>
                  <td className="mono">{s.root}</td>
                  <td>{s.prunedAt === null ? <Badge tone="up">{t`Kept`}</Badge> : <PrunedOn at={s.prunedAt} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} size={SIZE} total={data.total} onPage={onPage} />
    </Card>
  )
}

function PrunedOn({ at }: { at: number }) {
  const { t, i18n } = useLingui()
  const day = formatDateTime(at, i18n.locale, 0, 'date')
  return <Badge>{t`Pruned ${day}`}</Badge>
}
