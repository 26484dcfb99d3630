// The plans on offer, each with every number a buyer needs: daily yield, timeframe, investment range, cycle and the
// early-exit damages. A sold-out or paused plan says so and cannot be bought.
import { Trans, useLingui } from '@lingui/react/macro'
import type { SmartPlan } from '#contract/earn.ts'
import { Figures, Money, localName, percentOf } from '../../../components/earn/figures.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
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
        {plans.map((plan) => {
          const name = localName(plan.names, f.locale)
          const buyable = plan.status === 'active' && !plan.soldOut
          return (
            <li key={plan.id} className="earn-item" data-testid={`earn-plan-${plan.id}`}>
              <div className="earn-item-head">
                <h3 className="earn-name">{name}</h3>
                {plan.soldOut && (
                  <Badge tone="warn" testId="earn-sold-out">
                    <Trans>Sold out</Trans>
                  </Badge>
                )}
                {plan.status === 'paused' && (
                  <Badge tone="neutral">
                    <Trans>Paused</Trans>
                  </Badge>
                )}
              </div>
              <Figures
                items={[
                  { label: <Trans>Daily yield</Trans>, value: f.percent(percentOf(plan.dailyRate)), testId: 'earn-plan-rate' },
                  { label: <Trans>Timeframe</Trans>, value: <Trans>{plan.days} days</Trans> },
                  {
                    label: <Trans>Investment</Trans>,
                    value: (
                      <>
                        <Money value={plan.minAmount} /> – <Money value={plan.maxAmount} currency={plan.currency} />
                      </>
                    ),
                  },
                  { label: <Trans>Cycle</Trans>, value: <Trans>Daily</Trans> },
                  { label: <Trans>Early exit damages</Trans>, value: t`${f.percent(percentOf(plan.exitShare))} of the amount` },
                ]}
              />
              <Button block disabled={!buyable} onClick={() => onBuy(plan)} data-testid="earn-buy">
                {plan.soldOut ? <Trans>Sold out</Trans> : <Trans>Buy</Trans>}
              </Button>
            </li>
          )
        })}
      </ul>
    </Card>
  )
}
