// /nodeStaking: node staking on the user's current book (docs/staking.md). It says plainly what it is: an amount
// committed for a period and rewarded from the operator's reserve at the disclosed rate. It speaks of validator nodes
// only when an operator has stated that, with evidence. Per activity: its numbers, the user's pledge (not reached →
// reached → application successful → bonus received), and sheets that show every number before the one press: the
// buy and confirm sheets Smart plans and financing use too (src/components/earn/sheet.tsx).
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { PledgeActivity } from '#contract/staking.ts'
import { annualRate, stakingDaily, stakingExitDamages, stakingTotal, stakingWithdrawBack } from '#contract/staking-math.ts'
import { dec, moneyScale } from '#contract/trading-math.ts'
import { BuySheet, ConfirmSheet, useKeyedSubmit } from '../../../components/earn/sheet.tsx'
import { Figures, Money, localName, percentOf } from '../../../components/earn/figures.tsx'
import { OfferBadges } from '../../../components/earn/list.tsx'
import { EarnScreen } from '../../../components/earn/screen.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useSession } from '../../../lib/session.ts'
import { stakingQuery, useAddAgreeMoney, useApplyZyActive, useReceiveZyActive, useWithdrawZyActive } from '../staking-api.ts'

export function StakingScreen() {
  const { t } = useLingui()
  const userId = useSession((s) => s.userId)
  const token = useSession((s) => s.token)
  const mine = useQuery(stakingQuery(token ? userId : null))
  return (
    <EarnScreen
      title={t`Node staking`}
      testId="staking"
      lead={
        <Trans>
          Node staking here means: you commit an amount for a fixed period, and it is rewarded from the operator's funded
          reserve at the disclosed rate. The amount stays yours and comes back at the end of the period. You can join only
          while the reserve already holds every reward and the bonus for your amount.
        </Trans>
      }
      query={token ? mine : null}
      signIn={<Trans>Sign in to see node staking and join</Trans>}
      offers={(data) =>
        data.list.length === 0 ? (
          <Card>
            <EmptyState title={<Trans>No staking on offer now</Trans>} />
          </Card>
        ) : (
          data.list.map((activity) => <ActivityCard key={activity.id} activity={activity} />)
        )
      }
    />
  )
}

function StageBadge({ activity }: { activity: PledgeActivity }) {
  const pledge = activity.pledge
  if (!pledge) return null
  if (pledge.status === 'collecting')
    return pledge.reached ? (
      <Badge tone="up" testId="staking-stage">
        <Trans>Reached</Trans>
      </Badge>
    ) : (
      <Badge tone="neutral" testId="staking-stage">
        <Trans>Not reached</Trans>
      </Badge>
    )
  if (pledge.status === 'active')
    return (
      <Badge tone="info" testId="staking-stage">
        <Trans>Application successful</Trans>
      </Badge>
    )
  if (pledge.status === 'completed')
    return (
      <Badge tone="up" testId="staking-stage">
        <Trans>Completed</Trans>
      </Badge>
    )
  return (
    <Badge tone="neutral" testId="staking-stage">
      <Trans>Withdrawn</Trans>
    </Badge>
  )
}

function ActivityCard({ activity }: { activity: PledgeActivity }) {
  const { t } = useLingui()
  const f = useFormat()
  const [sheet, setSheet] = useState<'add' | 'withdraw' | null>(null)
  const apply = useApplyZyActive()
  const receive = useReceiveZyActive()
  const [submitApply, submitReceive] = [useKeyedSubmit(apply), useKeyedSubmit(receive)]
  const pledge = activity.pledge
  const open = pledge && (pledge.status === 'collecting' || pledge.status === 'active') ? pledge : null
  const name = localName(activity.names, f.locale)
  const description = localName(activity.descriptions, f.locale)
  const canAdd = activity.status === 'active' && !activity.soldOut && (!open || open.status === 'collecting')
  return (
    <Card>
      <div className="earn-item" data-testid={`staking-activity-${activity.id}`}>
        <div className="earn-item-head">
          <h2 className="earn-name">{name}</h2>
          <OfferBadges offer={activity} prefix="staking" />
          <StageBadge activity={activity} />
        </div>
        {description && <p className="earn-lead">{description}</p>}
        <Figures
          items={[
            { label: <Trans>Agreed amount</Trans>, value: <Money value={activity.agreedAmount} currency={activity.currency} />, testId: 'staking-agreed' },
            { label: <Trans>Bonus</Trans>, value: <Money value={activity.bonus} currency={activity.currency} />, testId: 'staking-bonus' },
            { label: <Trans>Staking period</Trans>, value: <Trans>{activity.days} days</Trans> },
            {
              label: <Trans>Yield</Trans>,
              value: t`${f.percent(percentOf(activity.dailyRate))} a day (${f.percent(percentOf(annualRate(activity.dailyRate).toFixed()))} a year)`,
              testId: 'staking-rate',
            },
            { label: <Trans>Withdrawing after activation keeps</Trans>, value: t`${f.percent(percentOf(activity.exitShare))} of the amount` },
          ]}
        />
        {activity.nodeStatement && (
          <p className="caption" data-testid="staking-node-statement">
            <Trans>The operator states: {activity.nodeStatement.text}</Trans>{' '}
            <a href={activity.nodeStatement.evidenceUrl} target="_blank" rel="noreferrer noopener">
              <Trans>Evidence</Trans>
            </a>
          </p>
        )}
        {pledge && (
          <Figures
            testId="staking-pledge"
            items={[
              { label: <Trans>Node amount</Trans>, value: <Money value={pledge.addAmount} currency={activity.currency} />, testId: 'staking-amount' },
              { label: <Trans>Rewards a day</Trans>, value: <Money value={pledge.rewards} currency={activity.currency} />, testId: 'staking-rewards' },
              { label: <Trans>Today's yield</Trans>, value: <Money value={pledge.todayYield} currency={activity.currency} />, testId: 'staking-today' },
              { label: <Trans>Total yield</Trans>, value: <Money value={pledge.totalYield} currency={activity.currency} />, testId: 'staking-total' },
              open
                ? { label: <Trans>Withdraw amount</Trans>, value: <Money value={open.withdrawAmount} currency={activity.currency} />, testId: 'staking-withdraw-amount' }
                : { label: <Trans>Returned</Trans>, value: <Money value={pledge.returned ?? '0'} currency={activity.currency} />, testId: 'staking-returned' },
            ]}
          />
        )}
        {(apply.error ?? receive.error) && <ErrorState error={apply.error ?? receive.error} compact />}
        <div className="earn-actions">
          {canAdd && (
            <Button onClick={() => setSheet('add')} data-testid="staking-add">
              <Trans>Add amount</Trans>
            </Button>
          )}
          {open?.status === 'collecting' && open.reached && (
            <Button onClick={() => submitApply({ id: open.id }, t`Application successful`)} loading={apply.isPending} data-testid="staking-apply">
              <Trans>Apply for activation</Trans>
            </Button>
          )}
          {open?.status === 'active' && !open.bonusReceived && dec(activity.bonus).gt(0) && (
            <Button onClick={() => submitReceive({ id: open.id }, t`Bonus received`)} loading={receive.isPending} data-testid="staking-receive">
              <Trans>Receive bonus</Trans>
            </Button>
          )}
          {open && (
            <Button variant="secondary" onClick={() => setSheet('withdraw')} data-testid="staking-withdraw">
              <Trans>Withdraw</Trans>
            </Button>
          )}
        </div>
      </div>
      {sheet === 'add' && <AddSheet activity={activity} onClose={() => setSheet(null)} />}
      {sheet === 'withdraw' && open && <WithdrawSheet activity={activity} onClose={() => setSheet(null)} />}
    </Card>
  )
}

/** Adding: the amount, then what it means for the whole pledge (daily reward, total at the end, what a withdrawal gives
 * back before and after activation), before Continue and again on the confirm step. */
function AddSheet({ activity, onClose }: { activity: PledgeActivity; onClose: () => void }) {
  const { t } = useLingui()
  const add = useAddAgreeMoney()
  const c = activity.currency
  const terms = { days: activity.days, dailyRate: activity.dailyRate, bonus: activity.bonus, exitShare: activity.exitShare, currency: c }
  const scale = moneyScale(c)
  const adding = activity.pledge?.status === 'collecting' ? activity.pledge.addAmount : '0'
  return (
    <BuySheet
      testId="staking"
      ids={{ sheet: 'staking-add-sheet', amount: 'staking-amount-input' }}
      title={t`Add amount`}
      confirmTitle={t`Confirm the amount`}
      confirmLabel={<Trans>Confirm the amount</Trans>}
      currency={c}
      hint={t`Agreed amount: ${activity.agreedAmount} ${c}`}
      issue={(text) =>
        !/^\d+(\.\d+)?$/.test(text) || dec(text).isZero() ? t`Enter an amount to add` : dec(text).decimalPlaces() > scale ? t`Use at most ${scale} decimals` : undefined
      }
      figures={(text) => {
        const total = dec(adding).plus(text).toFixed()
        return [
          { label: <Trans>Node amount after adding</Trans>, value: <Money value={total} currency={c} />, testId: 'staking-new-amount' },
          { label: <Trans>Rewards a day</Trans>, value: <Money value={stakingDaily(total, terms).toFixed()} currency={c} />, testId: 'staking-daily' },
          { label: <Trans>At the end of the period you have</Trans>, value: <Money value={stakingTotal(total, terms).toFixed()} currency={c} />, testId: 'staking-end-total' },
          { label: <Trans>Withdrawing before activation gives back</Trans>, value: <Money value={total} currency={c} /> },
          { label: <Trans>Withdrawing after activation gives back</Trans>, value: <Money value={stakingWithdrawBack(total, terms, true).toFixed()} currency={c} />, testId: 'staking-exit-back' },
        ]
      }}
      caption={<Trans>Rewards and the bonus are paid from the operator's funded reserve, which holds them for your amount as you add it.</Trans>}
      mutation={add}
      body={(text) => ({ activityId: activity.id, amount: text })}
      done={t`Amount added`}
      onClose={onClose}
    />
  )
}

function WithdrawSheet({ activity, onClose }: { activity: PledgeActivity; onClose: () => void }) {
  const { t } = useLingui()
  const withdraw = useWithdrawZyActive()
  const pledge = activity.pledge!
  const c = activity.currency
  const terms = { days: activity.days, dailyRate: activity.dailyRate, bonus: activity.bonus, exitShare: activity.exitShare, currency: c }
  const kept = pledge.status === 'active' ? stakingExitDamages(pledge.addAmount, terms).toFixed() : '0'
  return (
    <ConfirmSheet
      testId="staking-withdraw-confirm"
      title={t`Confirm the withdrawal`}
      items={[
        { label: <Trans>Node amount</Trans>, value: <Money value={pledge.addAmount} currency={c} /> },
        { label: <Trans>Kept</Trans>, value: <Money value={kept} currency={c} /> },
        { label: <Trans>You get back</Trans>, value: <Money value={pledge.withdrawAmount} currency={c} />, testId: 'staking-withdraw-back' },
      ]}
      caption={<Trans>Rewards and a bonus already received stay yours; no more rewards follow.</Trans>}
      confirmLabel={<Trans>Confirm the withdrawal</Trans>}
      mutation={withdraw}
      body={{ id: pledge.id }}
      done={t`Withdrawn`}
      onClose={onClose}
    />
  )
}
