// Financing products (docs/earn.md, "Financing"), beside the Smart plans: each with its term, range, annual rate and
// early-redemption terms, the orders running and the interest they may still pay; pause, resume or close; and a form
// to define one. Paid from the same reserve as the plans (the reserve card). The server audits every action.
import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { PlanStatus } from '#contract/earn.ts'
import { opsFinancingApi } from '#contract/ops-financing.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextAreaField, TextField } from '../../../components/ui/field.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api.ts'
import { opsCall } from '../../api.ts'
import { EARN_KEY } from './earn-page.tsx'
import { namesOf } from './names.ts'

const EMPTY = { name: '', otherNames: '', days: '', minAmount: '', maxAmount: '', annualRate: '', earlyShare: '' }

export function FinancingCard() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const products = useQuery({ queryKey: [...EARN_KEY, 'financing'], queryFn: () => opsCall(opsFinancingApi.products), staleTime: 0 })
  const refresh = () => queryClient.invalidateQueries({ queryKey: EARN_KEY })
  const status = useMutation({
    mutationFn: (body: { id: string; status: PlanStatus }) => opsCall(opsFinancingApi.status, { body }),
    onSuccess: () => void refresh(),
    onError: (e) => toast(e instanceof ApiError ? e.message : t`Not saved. Try again.`, 'error'),
  })
  const [draft, setDraft] = useState(EMPTY)
  const [forfeit, setForfeit] = useState(false)
  const create = useMutation({
    mutationFn: () =>
      opsCall(opsFinancingApi.create, {
        body: {
          names: namesOf(draft.name, draft.otherNames),
          days: Number(draft.days),
          minAmount: draft.minAmount,
          maxAmount: draft.maxAmount,
          annualRate: draft.annualRate,
          earlyShare: draft.earlyShare,
          earlyForfeit: forfeit,
        },
      }),
    onSuccess: () => {
      setDraft(EMPTY)
      setForfeit(false)
      void refresh()
      toast(t`Saved`, 'success')
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate()
  }
  const field = (key: keyof typeof EMPTY, label: string) => (
    <TextField label={label} value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} data-testid={`ops-fin-${key}`} />
  )
  const statusLabel = { active: t`Active`, paused: t`Paused`, closed: t`Closed` }
  return (
    <Card title={<Trans>Financing products</Trans>} titleId="ops-fin-products-title">
      {products.isPending ? (
        <SkeletonRows rows={3} />
      ) : products.isError ? (
        <ErrorState error={products.error} onRetry={() => void products.refetch()} />
      ) : (
        <div className="ops-table-wrap">
          <table className="ops-table" data-testid="ops-fin-products">
            <thead>
              <tr>
                <th><Trans>Name</Trans></th>
                <th><Trans>Days</Trans></th>
                <th><Trans>Range</Trans></th>
                <th><Trans>Annual rate</Trans></th>
                <th><Trans>Early redemption</Trans></th>
                <th><Trans>Running</Trans></th>
                <th><Trans>Interest owed</Trans></th>
                <th><Trans>Status</Trans></th>
              </tr>
            </thead>
            <tbody>
              {products.data.map((p) => (
                <tr key={p.id}>
                  <td>{p.names.en_US}</td>
                  <td>{p.days}</td>
                  <td>{`${p.minAmount}–${p.maxAmount} ${p.currency}`}</td>
                  <td>{p.annualRate}</td>
                  <td>{p.earlyForfeit ? t`${p.earlyShare}; interest forfeited` : t`${p.earlyShare}; interest of the days run paid`}</td>
                  <td>{p.running}</td>
                  <td>{p.owed}</td>
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
      )}
      <form onSubmit={submit} className="ops-form" data-testid="ops-fin-new">
        {field('name', t`Name (English)`)}
        <TextAreaField
          label={t`Names in other languages, one per line: de_DE = Name`}
          rows={3}
          value={draft.otherNames}
          onChange={(e) => setDraft({ ...draft, otherNames: e.target.value })}
          data-testid="ops-fin-otherNames"
        />
        {field('days', t`Days`)}
        {field('minAmount', t`Minimum (USDT)`)}
        {field('maxAmount', t`Maximum (USDT)`)}
        {field('annualRate', t`Annual rate, simple interest (a fraction: 0.08 is 8 % a year)`)}
        {field('earlyShare', t`Early-redemption damages (a fraction of the amount)`)}
        <label className="ops-check">
          <input type="checkbox" checked={forfeit} onChange={(e) => setForfeit(e.target.checked)} data-testid="ops-fin-forfeit" />
          <span>
            <Trans>Early redemption forfeits the interest of the days run</Trans>
          </span>
        </label>
        {create.isError && <p className="error">{create.error instanceof ApiError ? create.error.message : t`Not saved. Try again.`}</p>}
        <Button type="submit" loading={create.isPending}>
          <Trans>Add financing product</Trans>
        </Button>
      </form>
    </Card>
  )
}
