// Smart plans and their reserve (docs/earn.md): each book's reserve (free, earmarked, owed, coverage, principal held)
// with what falls due by date and a form to fund it; the plans with their numbers, to pause, resume or close, and a
// form to define one; node staking's activities and the financing products (financing-card.tsx), which earmark from
// the same reserve. The server audits every action.
import { useQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { opsEarnApi } from '#contract/ops-earn.ts'
import { opsStakingApi } from '#contract/ops-staking.ts'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { opsCall } from '../../api.ts'
import { FinancingCard } from './financing-card.tsx'
import { PlansCard } from './plans-card.tsx'
import { ReserveCard } from './reserve-card.tsx'
import { StakingCard } from './staking-card.tsx'

export const EARN_KEY = ['ops', 'earn']

export default function EarnPage() {
  const reserve = useQuery({ queryKey: [...EARN_KEY, 'reserve'], queryFn: () => opsCall(opsEarnApi.reserve), staleTime: 0 })
  const plans = useQuery({ queryKey: [...EARN_KEY, 'plans'], queryFn: () => opsCall(opsEarnApi.plans), staleTime: 0 })
  const staking = useQuery({ queryKey: [...EARN_KEY, 'staking'], queryFn: () => opsCall(opsStakingApi.list), staleTime: 0 })
  return (
    <>
      <PageHeader title={<Trans>Smart plans and reserve</Trans>} />
      {reserve.isPending || plans.isPending ? (
        <SkeletonRows rows={6} />
      ) : reserve.isError || plans.isError ? (
        <ErrorState error={reserve.error ?? plans.error} onRetry={() => void Promise.all([reserve.refetch(), plans.refetch()])} />
      ) : (
        <div className="ops-columns">
          <ReserveCard lines={reserve.data} />
          <PlansCard plans={plans.data} />
          {staking.data && <StakingCard activities={staking.data} />}
          <FinancingCard />
        </div>
      )}
    </>
  )
}
