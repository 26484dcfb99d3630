// Node staking activities (docs/staking.md): each with its numbers, open pledges, committed amount and what it may
// still pay (earmarked in the reserve beside), to pause, resume or close; and a form to define one (offer-card.tsx).
// A statement about validator nodes is saved only with its evidence link, and only then does the app mention nodes.
// The server audits.
import { Trans, useLingui } from '@lingui/react/macro'
import { opsStakingApi, type OpsActivity } from '#contract/ops-staking.ts'
import { opsCall } from '../../api.ts'
import { OfferCard } from './offer-card.tsx'

const EMPTY = { name: '', otherNames: '', description: '', agreedAmount: '', bonus: '', days: '', dailyRate: '', exitShare: '', nodeStatement: '', evidenceUrl: '' }

export function StakingCard({ activities }: { activities: OpsActivity[] }) {
  const { t } = useLingui()
  return (
    <OfferCard
      title={<Trans>Node staking</Trans>}
      ids={{ title: 'ops-staking', table: 'ops-staking-activities', form: 'ops-staking-new', fields: 'ops-staking-' }}
      head={[<Trans>Agreed amount</Trans>, <Trans>Bonus</Trans>, <Trans>Days</Trans>, <Trans>Daily yield</Trans>, <Trans>Open</Trans>, <Trans>Owed</Trans>]}
      rows={activities}
      cells={(a) => [`${a.agreedAmount} ${a.currency}`, a.bonus, a.days, a.dailyRate, `${a.open} · ${a.committed}`, a.owed]}
      setStatus={(body) => opsCall(opsStakingApi.status, { body })}
      empty={EMPTY}
      fields={[
        ['description', t`Description (English)`],
        ['agreedAmount', t`Agreed amount (USDT)`],
        ['bonus', t`Bonus on activation (USDT)`],
        ['days', t`Days`],
        ['dailyRate', t`Daily yield (a fraction: 0.012 is 1.2 %)`],
        ['exitShare', t`Kept on a withdrawal after activation (a fraction of the amount)`],
        ['nodeStatement', t`Statement about the validator nodes you run (optional)`],
        ['evidenceUrl', t`Evidence for it (https link)`],
      ]}
      create={(d) =>
        opsCall(opsStakingApi.create, {
          body: {
            names: d.names,
            descriptions: d.description.trim() ? { en_US: d.description } : {},
            currency: 'USDT',
            agreedAmount: d.agreedAmount,
            bonus: d.bonus || '0',
            days: Number(d.days),
            dailyRate: d.dailyRate,
            exitShare: d.exitShare || '0',
            ...(d.nodeStatement.trim() ? { nodeStatement: { text: d.nodeStatement, evidenceUrl: d.evidenceUrl } } : {}),
          },
        })
      }
      submit={<Trans>Add staking activity</Trans>}
    />
  )
}
