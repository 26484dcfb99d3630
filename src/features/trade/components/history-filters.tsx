import { Trans, useLingui } from '@lingui/react/macro'
import { CloseReason, Side } from '#contract/orders.ts'
import { DateField } from '../../../components/ui/date-field.tsx'
import { dayEnd, dayStart, toDay } from '../../../lib/days.ts'
import { useServerOffset } from '../../../lib/use-server-offset.ts'
import type { HistoryFilter } from '../history-api.ts'
import { CLOSE_REASONS, SIDE_LABELS } from '../labels.ts'

type Props = {
  filter: HistoryFilter
  /** The symbols the book has closed positions in; none on the instrument screen, which is one symbol already. */
  symbols: string[] | null
  onChange: (filter: HistoryFilter) => void
}

/** Symbol, type (buy or sell), how it closed, and a range of close days on the server's clock. */
export function HistoryFilters({ filter, symbols, onChange }: Props) {
  const { t, i18n } = useLingui()
  const offset = useServerOffset()
  const from = toDay(filter.from, offset)
  const to = toDay(filter.to, offset)
  // A symbol chosen earlier stays offered while the list catches up, so the select never shows another value.
  const offered = symbols && filter.symbol && !symbols.includes(filter.symbol) ? [...symbols, filter.symbol] : symbols
  return (
    <div className="history-filters" data-testid="history-filters">
      {offered && (
        <div className="field">
          <label className="field-label" htmlFor="history-symbol">
            <Trans>Instrument</Trans>
          </label>
          <select id="history-symbol" className="select" value={filter.symbol ?? ''} onChange={(e) => onChange({ ...filter, symbol: e.target.value || undefined })}>
            <option value="">{t`All instruments`}</option>
            {offered.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label className="field-label" htmlFor="history-side">
          <Trans>Type</Trans>
        </label>
        <select id="history-side" className="select" value={filter.side ?? ''} onChange={(e) => onChange({ ...filter, side: Side.safeParse(e.target.value).data })}>
          <option value="">{t`All types`}</option>
          {Side.options.map((side) => (
            <option key={side} value={side}>
              {i18n._(SIDE_LABELS[side])}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor="history-reason">
          <Trans>Closed by</Trans>
        </label>
        <select
          id="history-reason"
          className="select"
          value={filter.closeReason ?? ''}
          onChange={(e) => onChange({ ...filter, closeReason: CloseReason.safeParse(e.target.value).data })}
        >
          <option value="">{t({ message: 'Any', context: 'how a position closed' })}</option>
          {CloseReason.options.map((reason) => (
            <option key={reason} value={reason}>
              {i18n._(CLOSE_REASONS[reason])}
            </option>
          ))}
        </select>
      </div>
      <DateField label={<Trans>From</Trans>} value={from} max={to || undefined} onChange={(d) => onChange({ ...filter, from: dayStart(d, offset) })} />
      <DateField label={<Trans>To</Trans>} value={to} min={from || undefined} onChange={(d) => onChange({ ...filter, to: dayEnd(d, offset) })} />
    </div>
  )
}
