import { Trans, useLingui } from '@lingui/react/macro'
import { RecordKind } from '#contract/account.ts'
import { DateField } from '../../../components/ui/date-field.tsx'
import { useServerOffset } from '../../../lib/use-server-offset.ts'
import type { RecordFilter } from '../api.ts'
import { dayEnd, dayStart, toDay } from '../days.ts'
import { KIND_LABELS } from '../kinds.ts'

/** Kind (ten of them: a select, not a segmented control) and a date range in the app's language. */
export function RecordFilters({ filter, onChange }: { filter: RecordFilter; onChange: (filter: RecordFilter) => void }) {
  const { i18n } = useLingui()
  const offset = useServerOffset()
  const from = toDay(filter.from, offset)
  const to = toDay(filter.to, offset)
  return (
    <div className="record-filters">
      <div className="field">
        <label className="field-label" htmlFor="record-kind">
          <Trans>Type</Trans>
        </label>
        <select
          id="record-kind"
          className="select"
          value={filter.kind ?? ''}
          onChange={(e) => onChange({ ...filter, kind: RecordKind.safeParse(e.target.value).data })}
        >
          <option value="">
            <Trans>All types</Trans>
          </option>
          {RecordKind.options.map((kind) => (
            <option key={kind} value={kind}>
              {i18n._(KIND_LABELS[kind])}
            </option>
          ))}
        </select>
      </div>
      <DateField label={<Trans>From</Trans>} value={from} max={to || undefined} onChange={(d) => onChange({ ...filter, from: dayStart(d, offset) })} />
      <DateField label={<Trans>To</Trans>} value={to} min={from || undefined} onChange={(d) => onChange({ ...filter, to: dayEnd(d, offset) })} />
    </div>
  )
}
