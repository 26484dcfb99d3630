// The signed-in user's proof in the latest snapshot or in an earlier one they picked from the published roots, or why
// there is none: no snapshot published yet, nothing was owed to them on the live book when it was taken (only users
// owed something are leaves), or the snapshot's proofs were deleted after the retention period (its root stays).
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { IconShield } from '../../../components/ui/icons.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useSession } from '../../../lib/session.ts'
import { proofQueries } from '../api.ts'
import { ProofCard } from './proof-card.tsx'

/** snapshotId: an earlier snapshot picked from the list (null: the latest); onLatest goes back to the latest. */
export function MyProof({ snapshotId, onLatest }: { snapshotId: string | null; onLatest: () => void }) {
  const { t } = useLingui()
  const format = useFormat()
  const userId = useSession((s) => s.userId)
  const mine = useQuery(proofQueries.mine(userId, snapshotId))
  const title = t`Your proof`
  if (mine.isPending) return <Card><SkeletonRows rows={4} /></Card>
  if (!mine.data) return <Card><ErrorState error={mine.error} onRetry={() => void mine.refetch()} /></Card>
  const { snapshot, proof } = mine.data
  const takenAt = snapshot ? format.dateTime(snapshot.publishedAt) : ''
  // Which snapshot this is, when the user picked an earlier one, with the way back to the latest.
  const picked =
    snapshotId === null || !snapshot ? null : (
      <div className="proof-picked" data-testid="proof-picked">
        <p>
          <Trans>Snapshot of {takenAt}</Trans>
        </p>
        <Button variant="secondary" onClick={onLatest} data-testid="proof-latest">
          <Trans>Show the latest</Trans>
        </Button>
      </div>
    )
  if (!snapshot) {
    return (
      <Card title={title} titleId="proof-title">
        <div data-testid="proof-none">
          <EmptyState icon={<IconShield size={32} />} title={t`No snapshot has been published yet`} body={t`The first one is published within a day; your proof will appear here.`} />
        </div>
      </Card>
    )
  }
  if (snapshot.pruned) {
    return (
      <Card title={title} titleId="proof-title">
        {picked}
        <div data-testid="proof-pruned">
          <EmptyState
            icon={<IconShield size={32} />}
            title={t`The proofs of this snapshot have been deleted`}
            body={t`Proofs are kept for a limited time after a snapshot. Its root and totals stay in the public record below.`}
          />
        </div>
      </Card>
    )
  }
  if (!proof) {
    return (
      <Card title={title} titleId="proof-title">
        {picked}
        <div data-testid="proof-not-included">
          <EmptyState
            icon={<IconShield size={32} />}
            title={snapshotId === null ? t`You had no live balance when the latest snapshot was taken` : t`You had no live balance when this snapshot was taken`}
            body={t`The snapshot of ${takenAt} lists only the users we owed money to.`}
          />
        </div>
      </Card>
    )
  }
  return <ProofCard snapshot={snapshot} proof={proof} header={picked} />
}
