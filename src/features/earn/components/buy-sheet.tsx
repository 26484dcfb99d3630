// Buying a plan (the shared buy sheet, src/components/earn/sheet.tsx): the amount, then every number it means (each
// day's earnings, the total at expiry, what an early exit gives back) before Continue, and again on the confirm step
// before the one press that buys. The numbers come from the same formulas the server posts (src/contract/earn-math.ts).
import { Trans, useLingui } from '@lingui/react/macro'
import type { SmartPlan } from '#contract/earn.ts'
import { dailyEarnings, exitReturn, totalAtExpiry } from '#contract/earn-math.ts'
import { BuySheet as Sheet, useAmountRange } from '../../../components/earn/sheet.tsx'
import { Money, localName, percentOf } from '../../../components/earn/figures.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useKeepProd } from '../api.ts'

export function BuySheet({ plan, onClose }: { plan: SmartPlan; onClose: () => void }) {
  const { t } = useLingui()
  const f = useFormat()
  const range = useAmountRange(plan, t`enter Smart amount`)
  const keep = useKeepProd()
  const c = plan.currency
  return (
    <Sheet
      testId="earn"
      title={localName(plan.names, f.locale)}
      nameLabel={<Trans>Plan</Trans>}
      currency={c}
      {...range}
      figures={(amount) => [
        { label: <Trans>Daily earnings</Trans>, value: <Money value={dailyEarnings(amount, plan).toFixed()} currency={c} />, testId: 'earn-daily' },
        { label: <Trans>Total at expiry</Trans>, value: <Money value={totalAtExpiry(amount, plan).toFixed()} currency={c} />, testId: 'earn-total' },
        { label: <Trans>Early exit gives back</Trans>, value: <Money value={exitReturn(amount, plan).toFixed()} currency={c} />, testId: 'earn-exit-return' },
      ]}
      terms={[
        { label: <Trans>Daily yield</Trans>, value: f.percent(percentOf(plan.dailyRate)) },
        { label: <Trans>Timeframe</Trans>, value: <Trans>{plan.days} days</Trans> },
      ]}
      caption={<Trans>Earnings are paid from the platform's funded reserve, which already holds them for this purchase.</Trans>}
      mutation={keep}
      body={(amount) => ({ planId: plan.id, amount })}
      done={t`Plan bought`}
      onClose={onClose}
    />
  )
}
