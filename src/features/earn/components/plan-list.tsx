// The plans on offer, each with every number a buyer needs: daily yield, timeframe, investment range, cycle and the
// early-exit damages. A sold-out or paused plan says so and cannot be bought.
import { Trans, useLingui } from '@lingui/react/macro'
import type { SmartPlan } from '#contract/earn.ts'
import { localName, percentOf } from '../../../components/earn/figures.tsx'
import { OfferItem, investment } from '../../../components/earn/list.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { useFormat } from '../../../lib/format.ts'

export function PlanList({ plans, onBuy }: { plans: SmartPlan[]; onBuy: (plan: SmartPlan) => void }) {
  const { t } = useLingui()
  const f = useFormat()
  if (plans.length === 0) {
    return (
      <Card title={t`Plans`} titleId="earn-plans-title">
        <EmptyState title={<Trans>No plans on offer now</Trans>} />
      </Card>
    )
  }
  return (
    <Card title={t`Plans`} titleId="earn-plans-title">
      <ul className="earn-list" data-testid="earn-plans">
        {plans.map((plan) => (
          <OfferItem
            key={plan.id}
            offer={plan}
            testId={`earn-plan-${plan.id}`}
            prefix="earn"
            name={localName(plan.names, f.locale)}
            figures={[
              { label: <Trans>Daily yield</Trans>, value: f.percent(percentOf(plan.dailyRate)), testId: 'earn-plan-rate' },
              { label: <Trans>Timeframe</Trans>, value: <Trans>{plan.days} days</Trans> },
              investment(plan),
              { label: <Trans>Cycle</Trans>, value: <Trans>Daily</Trans> },
              { label: <Trans>Early exit damages</Trans>, value: t`${f.percent(percentOf(plan.exitShare))} of the amount` },
            ]}
            onBuy={() => onBuy(plan)}
          />
        ))}
      </ul>
    </Card>
  )
}
