// Node staking activities (docs/staking.md): each with its numbers, open pledges, committed amount and what it may
// still pay (earmarked in the reserve beside), to pause, resume or close; and a form to define one. A statement about
// validator nodes is saved only with its evidence link, and only then does the app mention nodes. The server audits.
import { useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { PlanStatus } from '#contract/earn.ts'
import { opsStakingApi, type OpsActivity } from '#contract/ops-staking.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { TextAreaField, TextField } from '../../../components/ui/field.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api.ts'
import { opsCall } from '../../api.ts'
import { EARN_KEY } from './earn-page.tsx'
import { namesOf } from './names.ts'

const EMPTY = { name: '', otherNames: '', description: '', agreedAmount: '', bonus: '', days: '', dailyRate: '', exitShare: '', nodeStatement: '', evidenceUrl: '' }

export function StakingCard({ activities }: { activities: OpsActivity[] }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: EARN_KEY })
  const status = useMutation({
    mutationFn: (body: { id: string; status: PlanStatus }) => opsCall(opsStakingApi.status, { body }),
    onSuccess: () => void refresh(),
    onError: (e) => toast(e instanceof ApiError ? e.message : t`Not saved. Try again.`, 'error'),
  })
  const [draft, setDraft] = useState(EMPTY)
  const create = useMutation({
    mutationFn: () =>
      opsCall(opsStakingApi.create, {
        body: {
          names: namesOf(draft.name, draft.otherNames),
          descriptions: draft.description.trim() ? { en_US: draft.description } : {},
          currency: 'USDT',
          agreedAmount: draft.agreedAmount,
          bonus: draft.bonus || '0',
          days: Number(draft.days),
          dailyRate: draft.dailyRate,
          exitShare: draft.exitShare || '0',
          ...(draft.nodeStatement.trim() ? { nodeStatement: { text: draft.nodeStatement, evidenceUrl: draft.evidenceUrl } } : {}),
        },
      }),
    onSuccess: () => {
      setDraft(EMPTY)
      void refresh()
      toast(t`Saved`, 'success')
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate()
  }
  const field = (key: keyof typeof EMPTY, label: string) => (
    <TextField label={label} value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} data-testid={`ops-staking-${key}`} />
  )
  const statusLabel = { active: t`Active`, paused: t`Paused`, closed: t`Closed` }
  return (
    <Card title={<Trans>Node staking</Trans>} titleId="ops-staking">
      <div className="ops-table-wrap">
        <table className="ops-table" data-testid="ops-staking-activities">
          <thead>
            <tr>
              <th><Trans>Name</Trans></th>
              <th><Trans>Agreed amount</Trans></th>
              <th><Trans>Bonus</Trans></th>
              <th><Trans>Days</Trans></th>
              <th><Trans>Daily yield</Trans></th>
              <th><Trans>Open</Trans></th>
              <th><Trans>Owed</Trans></th>
              <th><Trans>Status</Trans></th>
            </tr>
          </thead>
          <tbody>
            {activities.map((a) => (
              <tr key={a.id}>
                <td>{a.names.en_US}</td>
                <td>{`${a.agreedAmount} ${a.currency}`}</td>
                <td>{a.bonus}</td>
                <td>{a.days}</td>
                <td>{a.dailyRate}</td>
                <td>{`${a.open} · ${a.committed}`}</td>
                <td>{a.owed}</td>
                <td>
                  <span className="ops-actions">
                    {statusLabel[a.status]}
                    {a.status === 'active' && <Button variant="secondary" onClick={() => status.mutate({ id: a.id, status: 'paused' })}><Trans>Pause</Trans></Button>}
                    {a.status === 'paused' && <Button variant="secondary" onClick={() => status.mutate({ id: a.id, status: 'active' })}><Trans>Resume</Trans></Button>}
                    {a.status !== 'closed' && <Button variant="secondary" onClick={() => status.mutate({ id: a.id, status: 'closed' })}><Trans>Close</Trans></Button>}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form onSubmit={submit} className="ops-form" data-testid="ops-staking-new">
        {field('name', t`Name (English)`)}
        <TextAreaField
          label={t`Names in other languages, one per line: de_DE = Name`}
          rows={2}
          value={draft.otherNames}
          onChange={(e) => setDraft({ ...draft, otherNames: e.target.value })}
          data-testid="ops-staking-otherNames"
        />
        {field('description', t`Description (English)`)}
        {field('agreedAmount', t`Agreed amount (USDT)`)}
        {field('bonus', t`Bonus on activation (USDT)`)}
        {field('days', t`Days`)}
        {field('dailyRate', t`Daily yield (a fraction: 0.012 is 1.2 %)`)}
        {field('exitShare', t`Kept on a withdrawal after activation (a fraction of the amount)`)}
        {field('nodeStatement', t`Statement about the validator nodes you run (optional)`)}
        {field('evidenceUrl', t`Evidence for it (https link)`)}
        {create.isError && <p className="error">{create.error instanceof ApiError ? create.error.message : t`Not saved. Try again.`}</p>}
        <Button type="submit" loading={create.isPending}>
          <Trans>Add staking activity</Trans>
        </Button>
      </form>
    </Card>
  )
}
