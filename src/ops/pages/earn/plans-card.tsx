// Smart plans (docs/earn.md): each with its term, range, daily yield and early-exit damages and the plans running, to
// pause, resume or close; and a form to define one (offer-card.tsx). The server audits every action.
import { Trans, useLingui } from '@lingui/react/macro'
import { opsEarnApi, type OpsPlan } from '#contract/ops-earn.ts'
import { opsCall } from '../../api.ts'
import { OfferCard } from './offer-card.tsx'

const EMPTY = { name: '', otherNames: '', days: '', minAmount: '', maxAmount: '', dailyRate: '', exitShare: '' }

export function PlansCard({ plans }: { plans: OpsPlan[] }) {
  const { t } = useLingui()
  return (
    <OfferCard
      title={<Trans>Plans</Trans>}
      ids={{ title: 'ops-earn-plans', table: 'ops-earn-plans', form: 'ops-earn-new-plan', fields: 'ops-earn-plan-' }}
      head={[<Trans>Days</Trans>, <Trans>Range</Trans>, <Trans>Daily yield</Trans>, <Trans>Exit damages</Trans>, <Trans>Running</Trans>]}
      rows={plans}
      cells={(p) => [p.days, `${p.minAmount}–${p.maxAmount} ${p.currency}`, p.dailyRate, p.exitShare, p.running]}
      setStatus={(body) => opsCall(opsEarnApi.status, { body })}
      empty={EMPTY}
      fields={[
        ['days', t`Days`],
        ['minAmount', t`Minimum (USDT)`],
        ['maxAmount', t`Maximum (USDT)`],
        ['dailyRate', t`Daily yield (a fraction: 0.012 is 1.2 %)`],
        ['exitShare', t`Early-exit damages (a fraction of the amount)`],
      ]}
      create={(d) =>
        opsCall(opsEarnApi.create, {
          body: { names: d.names, days: Number(d.days), minAmount: d.minAmount, maxAmount: d.maxAmount, dailyRate: d.dailyRate, exitShare: d.exitShare },
        })
      }
      submit={<Trans>Add plan</Trans>}
    />
  )
}
