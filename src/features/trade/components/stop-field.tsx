// A take profit or stop loss, typed as a price, an amount or a percentage of the margin (stops.ts). The allowed side
// is shown inline ("Above 1.16640"), and the level in the other two forms under the input.
import type { ReactNode } from 'react'
import type { Decimal } from 'decimal.js'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Side } from '#contract/orders.ts'
import { AmountInput } from '../../../components/ui/amount-input.tsx'
import { Segmented } from '../../../components/ui/segmented.tsx'
import { useFormat } from '../../../lib/format.ts'
import { farFrom } from '../far.ts'
import { convertStop, stopPrice, stopViews, type StopContext, type StopKind, type StopMode } from '../stops.ts'

export type StopValue = { mode: StopMode; text: string }

type Props = {
  kind: StopKind
  value: StopValue
  onChange: (v: StopValue) => void
  ctx: StopContext | null
  side: Side
  reference: Decimal | null
  error?: ReactNode
  warning?: ReactNode
  disabled?: boolean
}

export function StopField({ kind, value, onChange, ctx, side, reference, error, warning, disabled }: Props) {
  const { t } = useLingui()
  const f = useFormat()
  const currency = ctx?.inst.marginCurrency ?? ''
  const digits = ctx?.inst.digits
  const ref = reference ? f.price(reference.toFixed(digits ?? 5)) : '—'
  const isAbove = (kind === 'tp') === (side === 'buy')
  const side_ = isAbove ? t({ message: `Above ${ref}`, context: 'allowed side of a take profit or stop loss' }) : t({ message: `Below ${ref}`, context: 'allowed side of a take profit or stop loss' })
  const price = ctx ? stopPrice(kind, value.mode, value.text, ctx) : null
  const views = price && ctx ? stopViews(price, ctx) : null
  const label = kind === 'tp' ? t`Take profit` : t`Stop loss`
  const handleMode = (mode: StopMode) => onChange({ mode, text: ctx ? convertStop(kind, value.mode, mode, value.text, ctx) : '' })
  const far = farFrom(price, reference)
  const distance = far ? f.percent(far.toFixed(2)) : ''
  const farNote = far ? t`This is ${distance} away from ${ref}: check that it is the price you mean.` : undefined
  const note = error ?? warning ?? farNote
  return (
    <div className="stop-field" data-testid={`stop-${kind}`}>
      <AmountInput
        label={
          <>
            {label} <span className="muted">({t`optional`})</span>
          </>
        }
        value={value.text}
        onChange={(text) => onChange({ ...value, text })}
        currency={value.mode === 'amount' ? currency : value.mode === 'percent' ? '%' : undefined}
        error={error}
        hint={note ? undefined : side_}
        disabled={disabled}
        data-testid={`stop-${kind}-input`}
      />
      {warning && !error && <p className="field-note warn" role="status">{warning}</p>}
      {farNote && !error && (
        <p className="field-note warn" role="status" data-testid={`stop-${kind}-far`}>
          {farNote}
        </p>
      )}
      <Segmented
        size="sm"
        label={t`${label} as`}
        value={value.mode}
        onChange={handleMode}
        options={[
          { value: 'price', label: <Trans context="stop typed as">Price</Trans> },
          { value: 'amount', label: currency || <Trans context="stop typed as">Amount</Trans> },
          { value: 'percent', label: '%' },
        ]}
      />
      {views && (
        <p className="stop-views" data-testid={`stop-${kind}-views`}>
          {f.price(views.price, digits)} · {f.amount(views.amount, { signed: true })} {currency}
          {views.percent !== null && <> · {f.percent(views.percent, { signed: true })}</>}
        </p>
      )}
    </div>
  )
}
