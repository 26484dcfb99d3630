// /profile/withdraw: the form (amount, currency, network, address; the fee and the amount that arrives before the
// confirm step) and the user's withdrawals with their states. Live book only: on the demo book it says so.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { BookLabel } from '../../../components/ui/book-badge.tsx'
import { buttonClass } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { useSession } from '../../../lib/session.ts'
import { withdrawQueries } from '../api.ts'
import { WithdrawForm, type Offer } from './withdraw-form.tsx'
import { WithdrawalList } from './withdrawal-list.tsx'
import '../withdraw.css'

export function WithdrawPanel() {
  const userId = useSession((s) => s.userId)
  const networks = useQuery(withdrawQueries.networks())
  const info = useQuery(withdrawQueries.info(userId))
  if (networks.isPending || info.isPending) return <Card><SkeletonRows rows={4} /></Card>
  if (!networks.data || !info.data) {
    return (
      <Card>
        <ErrorState error={networks.error ?? info.error} onRetry={() => void Promise.all([networks.refetch(), info.refetch()])} />
      </Card>
    )
  }
  const offers: Offer[] = networks.data.flatMap((c) => c.networks.filter((n) => n.withdraw.enabled).map((n) => ({ ...n, currency: c.currency, scale: c.scale })))
  return (
    <div className="withdraw-panel" data-testid="withdraw-panel">
      <div className="panel-book">
        <BookLabel book={info.data.book} testId="withdraw-book" />
      </div>
      {info.data.book === 'demo' ? (
        <Card>
          <p data-testid="withdraw-demo">
            <Trans>Withdrawals are made from your live account. Demo funds are for practice and cannot be withdrawn.</Trans>
          </p>
          <Link to="/profile/{-$type}" params={{ type: 'balance' }} className={`${buttonClass('secondary')} withdraw-to-live`} data-testid="withdraw-to-live">
            <Trans>Switch to the live account</Trans>
          </Link>
        </Card>
      ) : offers.length === 0 ? (
        <Card>
          <EmptyState title={<Trans>Withdrawals are not open yet</Trans>} />
        </Card>
      ) : (
        <WithdrawForm offers={offers} info={info.data} />
      )}
      <WithdrawalList />
    </div>
  )
}
