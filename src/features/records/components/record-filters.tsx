import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { RecordKind } from '#contract/account.ts'
import { DateField } from '../../../components/ui/date-field.tsx'
import { useServerOffset } from '../../../lib/use-server-offset.ts'
import { useSession } from '../../../lib/session.ts'
import { recordQueries, type RecordFilter } from '../api.ts'
import { dayEnd, dayStart, toDay } from '../../../lib/days.ts'
import { KIND_LABELS } from '../kinds.ts'

/** Kind (only those the record holds: a select, not a segmented control) and a date range in the app's language. */
export function RecordFilters({ filter, onChange }: { filter: RecordFilter; onChange: (filter: RecordFilter) => void }) {
  const { i18n } = useLingui()
  const offset = useServerOffset()
  const userId = useSession((s) => s.userId)
  const present = useQuery(recordQueries.kinds(userId)).data ?? []
  // A kind chosen before the list arrived (or that has since gone) stays offered, so the select never lies.
  const kinds = filter.kind && !present.includes(filter.kind) ? [...present, filter.kind] : present
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
          {kinds.map((kind) => (
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
