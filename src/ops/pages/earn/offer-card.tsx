// One earn offering's card (Smart plans, node staking, financing products): a table of the offers, each with its
// status and the buttons to pause, resume or close it, and a form to define one (its English name and its names in
// other languages first, then the offering's own fields). Each card gives its columns, its fields and its endpoints.
import { useState, type FormEvent, type ReactNode } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { PlanStatus } from '#contract/earn.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { TextAreaField, TextField } from '../../../components/ui/field.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api.ts'
import { EARN_KEY } from './earn-page.tsx'
import { namesOf } from './names.ts'

type Offer = { id: string; status: PlanStatus; names: Record<string, string> }
/** The form's text fields; `name` and `otherNames` are every offering's. */
type Draft = { name: string; otherNames: string } & Record<string, string>

type Props<O extends Offer, D extends Draft> = {
  title: ReactNode
  /** The title's id, the table's and the form's test ids; `fields` starts each field's test id (`${fields}name`). */
  ids: { title: string; table: string; form: string; fields: string }
  /** The columns between the name and the status. */
  head: ReactNode[]
  rows: O[]
  cells: (offer: O) => ReactNode[]
  /** Shown instead of the table while the offers load or could not. */
  state?: ReactNode
  setStatus: (body: { id: string; status: PlanStatus }) => Promise<unknown>
  empty: D
  /** The offering's own fields, after the names, with their labels. */
  fields: [key: keyof D & string, label: string][]
  /** Inputs after the fields (a checkbox). */
  children?: ReactNode
  create: (draft: D & { names: Record<string, string> }) => Promise<unknown>
  onSaved?: () => void
  submit: ReactNode
}

export function OfferCard<O extends Offer, D extends Draft>(p: Props<O, D>) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: EARN_KEY })
  const notSaved = (e: unknown) => (e instanceof ApiError ? e.message : t`Not saved. Try again.`)
  const status = useMutation({ mutationFn: p.setStatus, onSuccess: () => void refresh(), onError: (e) => toast(notSaved(e), 'error') })
  const [draft, setDraft] = useState(p.empty)
  const create = useMutation({
    mutationFn: () => p.create({ ...draft, names: namesOf(draft.name, draft.otherNames) }),
    onSuccess: () => {
      setDraft(p.empty)
      p.onSaved?.()
      void refresh()
      toast(t`Saved`, 'success')
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate()
  }
  const field = (key: keyof D & string, label: string) => (
    <TextField key={key} label={label} value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} data-testid={`${p.ids.fields}${key}`} />
  )
  const statusLabel = { active: t`Active`, paused: t`Paused`, closed: t`Closed` }
  const to = (id: string, next: PlanStatus) => () => status.mutate({ id, status: next })
  return (
    <Card title={p.title} titleId={p.ids.title}>
      {p.state ?? (
        <div className="ops-table-wrap">
          <table className="ops-table" data-testid={p.ids.table}>
            <thead>
              <tr>
                <th><Trans>Name</Trans></th>
                {p.head.map((h, i) => <th key={i}>{h}</th>)}
                <th><Trans>Status</Trans></th>
              </tr>
            </thead>
            <tbody>
              {p.rows.map((o) => (
                <tr key={o.id}>
                  <td>{o.names.en_US}</td>
                  {p.cells(o).map((c, i) => <td key={i}>{c}</td>)}
                  <td>
                    <span className="ops-actions">
                      {statusLabel[o.status]}
                      {o.status === 'active' && <Button variant="secondary" onClick={to(o.id, 'paused')}><Trans>Pause</Trans></Button>}
                      {o.status === 'paused' && <Button variant="secondary" onClick={to(o.id, 'active')}><Trans>Resume</Trans></Button>}
                      {o.status !== 'closed' && <Button variant="secondary" onClick={to(o.id, 'closed')}><Trans>Close</Trans></Button>}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form onSubmit={submit} className="ops-form" data-testid={p.ids.form}>
        {field('name', t`Name (English)`)}
        <TextAreaField
          label={t`Names in other languages, one per line: de_DE = Name`}
          rows={3}
          value={draft.otherNames}
          onChange={(e) => setDraft({ ...draft, otherNames: e.target.value })}
          data-testid={`${p.ids.fields}otherNames`}
        />
        {p.fields.map(([key, label]) => field(key, label))}
        {p.children}
        {create.isError && <p className="error">{notSaved(create.error)}</p>}
        <Button type="submit" loading={create.isPending}>
          {p.submit}
        </Button>
      </form>
    </Card>
  )
}
