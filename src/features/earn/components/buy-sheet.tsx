// Buying a plan: the amount, then every number it means (each day's earnings, the total at expiry, what an early exit
// gives back) before Continue, and again on the confirm step before the one press that buys. The numbers come from
// the same formulas the server posts (src/contract/earn-math.ts).
import { useRef, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SmartPlan } from '#contract/earn.ts'
import { amountIssue, dailyEarnings, exitReturn, totalAtExpiry } from '#contract/earn-math.ts'
import { AmountInput } from '../../../components/ui/amount-input.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { Sheet } from '../../../components/ui/sheet.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { useFormat } from '../../../lib/format.ts'
import { operationKeys } from '../../../lib/operation-keys.ts'
import { useKeepProd } from '../api.ts'
import { planName } from '../plan-name.ts'
import { Figures, Money } from './figures.tsx'
import { percentOf } from './plan-list.tsx'

export function BuySheet({ plan, onClose }: { plan: SmartPlan; onClose: () => void }) {
  const { t } = useLingui()
  const f = useFormat()
  const [amount, setAmount] = useState('')
  const [touched, setTouched] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const keys = useRef(operationKeys()).current
  const keep = useKeepProd()
  const issue = amountIssue(amount, plan)
  const [min, max] = [f.amount(plan.minAmount), f.amount(plan.maxAmount)]
  const error =
    issue?.code === 'empty'
      ? t`enter Smart amount`
      : issue?.code === 'outOfRange'
        ? t`Enter an amount from ${min} to ${max} ${plan.currency}`
        : issue
          ? t`Use at most ${issue.scale} decimals`
          : undefined
  const figures = issue
    ? []
    : [
        { label: <Trans>Daily earnings</Trans>, value: <Money value={dailyEarnings(amount, plan).toFixed()} currency={plan.currency} />, testId: 'earn-daily' },
        { label: <Trans>Total at expiry</Trans>, value: <Money value={totalAtExpiry(amount, plan).toFixed()} currency={plan.currency} />, testId: 'earn-total' },
        { label: <Trans>Early exit gives back</Trans>, value: <Money value={exitReturn(amount, plan).toFixed()} currency={plan.currency} />, testId: 'earn-exit-return' },
      ]
  const buy = () => {
    const body = { planId: plan.id, amount }
    keep.mutate(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: () => {
          keys.settled(null)
          toast(t`Plan bought`, 'success')
          onClose()
        },
        onError: (e) => keys.settled(e),
      },
    )
  }
  const name = planName(plan.names, f.locale)
  return (
    <Sheet open onClose={onClose} title={confirming ? t`Confirm the purchase` : name}>
      <div className="earn-sheet" data-testid={confirming ? 'earn-confirm' : 'earn-buy-sheet'}>
        {confirming ? (
          <Figures
            items={[
              { label: <Trans>Plan</Trans>, value: name },
              { label: <Trans>Amount</Trans>, value: <Money value={amount} currency={plan.currency} />, testId: 'earn-confirm-amount' },
              { label: <Trans>Daily yield</Trans>, value: f.percent(percentOf(plan.dailyRate)) },
              { label: <Trans>Timeframe</Trans>, value: <Trans>{plan.days} days</Trans> },
              ...figures,
            ]}
          />
        ) : (
          <>
            <AmountInput
              label={t`Amount`}
              currency={plan.currency}
              value={amount}
              onChange={(v) => {
                setAmount(v)
                setTouched(true)
              }}
              data-testid="earn-amount"
              error={touched ? error : undefined}
              hint={t`From ${min} to ${max} ${plan.currency}`}
            />
            <Figures items={figures} testId="earn-figures" />
          </>
        )}
        <p className="caption">
          <Trans>Earnings are paid from the platform's funded reserve, which already holds them for this purchase.</Trans>
        </p>
        {keep.error && <ErrorState error={keep.error} compact />}
        {confirming ? (
          <div className="earn-actions">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={keep.isPending}>
              <Trans>Back</Trans>
            </Button>
            <Button onClick={buy} loading={keep.isPending} data-testid="earn-confirm-button">
              <Trans>Confirm purchase</Trans>
            </Button>
          </div>
        ) : (
          <Button
            block
            onClick={() => {
              setTouched(true)
              if (!issue) {
                keep.reset()
                setConfirming(true)
              }
            }}
            data-testid="earn-continue"
          >
            <Trans>Continue</Trans>
          </Button>
        )}
      </div>
    </Sheet>
  )
}
