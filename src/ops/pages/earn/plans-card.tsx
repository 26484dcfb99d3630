import { useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { PlanStatus } from '#contract/earn.ts'
import { opsEarnApi, type OpsPlan } from '#contract/ops-earn.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { TextAreaField, TextField } from '../../../components/ui/field.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api.ts'
import { opsCall } from '../../api.ts'
import { EARN_KEY } from './earn-page.tsx'
import { namesOf } from './names.ts'

const EMPTY = { name: '', otherNames: '', days: '', minAmount: '', maxAmount: '', dailyRate: '', exitShare: '' }

export function PlansCard({ plans }: { plans: OpsPlan[] }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: EARN_KEY })
  const status = useMutation({
    mutationFn: (body: { id: string; status: PlanStatus }) => opsCall(opsEarnApi.status, { body }),
    onSuccess: () => void refresh(),
    onError: (e) => toast(e instanceof ApiError ? e.message : t`Not saved. Try again.`, 'error'),
  })
  const [draft, setDraft] = useState(EMPTY)
  const create = useMutation({
    mutationFn: () =>
      opsCall(opsEarnApi.create, {
        body: {
          names: namesOf(draft.name, draft.otherNames),
          days: Number(draft.days),
          minAmount: draft.minAmount,
          maxAmount: draft.maxAmount,
          dailyRate: draft.dailyRate,
          exitShare: draft.exitShare,
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
    <TextField label={label} value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} data-testid={`ops-earn-plan-${key}`} />
  )
  const statusLabel = { active: t`Active`, paused: t`Paused`, closed: t`Closed` }
  return (
    <Card title={<Trans>Plans</Trans>} titleId="ops-earn-plans">
      <div className="ops-table-wrap">
        <table className="ops-table" data-testid="ops-earn-plans">
          <thead>
            <tr>
              <th><Trans>Name</Trans></th>
              <th><Trans>Days</Trans></th>
              <th><Trans>Range</Trans></th>
              <th><Trans>Daily yield</Trans></th>
              <th><Trans>Exit damages</Trans></th>
              <th><Trans>Running</Trans></th>
              <th><Trans>Status</Trans></th>
            </tr>
          </thead>
          <tbody>
            {plans.map((p) => (
              <tr key={p.id}>
                <td>{p.names.en_US}</td>
                <td>{p.days}</td>
                <td>{`${p.minAmount}–${p.maxAmount} ${p.currency}`}</td>
                <td>{p.dailyRate}</td>
                <td>{p.exitShare}</td>
                <td>{p.running}</td>
                <td>
                  <span className="ops-actions">
                    {statusLabel[p.status]}
                    {p.status === 'active' && <Button variant="secondary" onClick={() => status.mutate({ id: p.id, status: 'paused' })}><Trans>Pause</Trans></Button>}
                    {p.status === 'paused' && <Button variant="secondary" onClick={() => status.mutate({ id: p.id, status: 'active' })}><Trans>Resume</Trans></Button>}
                    {p.status !== 'closed' && <Button variant="secondary" onClick={() => status.mutate({ id: p.id, status: 'closed' })}><Trans>Close</Trans></Button>}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form onSubmit={submit} className="ops-form" data-testid="ops-earn-new-plan">
        {field('name', t`Name (English)`)}
        <TextAreaField
          label={t`Names in other languages, one per line: de_DE = Name`}
          rows={3}
          value={draft.otherNames}
          onChange={(e) => setDraft({ ...draft, otherNames: e.target.value })}
          data-testid="ops-earn-plan-otherNames"
        />
        {field('days', t`Days`)}
        {field('minAmount', t`Minimum (USDT)`)}
        {field('maxAmount', t`Maximum (USDT)`)}
        {field('dailyRate', t`Daily yield (a fraction: 0.012 is 1.2 %)`)}
        {field('exitShare', t`Early-exit damages (a fraction of the amount)`)}
        {create.isError && <p className="error">{create.error instanceof ApiError ? create.error.message : t`Not saved. Try again.`}</p>}
        <Button type="submit" loading={create.isPending}>
          <Trans>Add plan</Trans>
        </Button>
      </form>
    </Card>
  )
}
