// The signed-in user's proof in the latest snapshot, or why there is none: no snapshot published yet, or nothing was
// owed to them on the live book when it was taken (only users owed something are leaves).
import { useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { IconShield } from '../../../components/ui/icons.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useSession } from '../../../lib/session.ts'
import { proofQueries } from '../api.ts'
import { ProofCard } from './proof-card.tsx'

export function MyProof() {
  const { t } = useLingui()
  const format = useFormat()
  const userId = useSession((s) => s.userId)
  const mine = useQuery(proofQueries.mine(userId))
  const title = t`Your proof`
  if (mine.isPending) return <Card><SkeletonRows rows={4} /></Card>
  if (!mine.data) return <Card><ErrorState error={mine.error} onRetry={() => void mine.refetch()} /></Card>
  const { snapshot, proof } = mine.data
  if (!snapshot) {
    return (
      <Card title={title} titleId="proof-title">
        <div data-testid="proof-none">
          <EmptyState icon={<IconShield size={32} />} title={t`No snapshot has been published yet`} body={t`The first one is published within a day; your proof will appear here.`} />
        </div>
      </Card>
    )
  }
  if (!proof) {
    const takenAt = format.dateTime(snapshot.publishedAt)
    return (
      <Card title={title} titleId="proof-title">
        <div data-testid="proof-not-included">
          <EmptyState
            icon={<IconShield size={32} />}
            title={t`You had no live balance when the latest snapshot was taken`}
            body={t`The snapshot of ${takenAt} lists only the users we owed money to.`}
          />
        </div>
      </Card>
    )
  }
  return <ProofCard snapshot={snapshot} proof={proof} />
}
