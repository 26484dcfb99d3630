import { Trans, useLingui } from '@lingui/react/macro'
import { RecordKind } from '#contract/account.ts'
import type { RecordFilter } from '../api.ts'
import { KIND_LABELS } from '../kinds.ts'

const DAY_MS = 86_400_000

/** yyyy-mm-dd from a date input, as the start of that day (local time) in epoch ms; '' as no bound. */
const dayStart = (value: string) => (value ? new Date(`${value}T00:00:00`).getTime() : undefined)
const toInput = (millis: number | undefined) => {
  if (millis === undefined) return ''
  const d = new Date(millis)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

export function RecordFilters({ filter, onChange }: { filter: RecordFilter; onChange: (filter: RecordFilter) => void }) {
  const { i18n } = useLingui()
  return (
    <div className="record-filters">
      <label className="field">
        <span><Trans>Type</Trans></span>
        <select
          className="language-select"
          value={filter.kind ?? ''}
          onChange={(e) => onChange({ ...filter, kind: RecordKind.safeParse(e.target.value).data })}
        >
          <option value=""><Trans>All</Trans></option>
          {RecordKind.options.map((kind) => (
            <option key={kind} value={kind}>{i18n._(KIND_LABELS[kind])}</option>
          ))}
        </select>
      </label>
      <label className="field">
        <span><Trans>From</Trans></span>
        <input type="date" className="language-select" value={toInput(filter.from)} onChange={(e) => onChange({ ...filter, from: dayStart(e.target.value) })} />
      </label>
      <label className="field">
        <span><Trans>To</Trans></span>
        <input
          type="date"
          className="language-select"
          value={toInput(filter.to === undefined ? undefined : filter.to - DAY_MS + 1)}
          // "To" includes the whole chosen day.
          onChange={(e) => {
            const start = dayStart(e.target.value)
            onChange({ ...filter, to: start === undefined ? undefined : start + DAY_MS - 1 })
          }}
        />
      </label>
    </div>
  )
}
