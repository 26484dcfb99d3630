import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'max' | 'children'> & {
  label: ReactNode
  currency?: string
  error?: ReactNode
  hint?: ReactNode
  value: string
  onChange: (v: string) => void
  max?: string
}

/** Keeps digits and one decimal separator; a comma (German, French keyboards) is stored as a dot. */
export function cleanAmount(raw: string): string {
  const s = raw.replace(/,/g, '.').replace(/[^\d.]/g, '')
  const dot = s.indexOf('.')
  return dot === -1 ? s : s.slice(0, dot + 1) + s.slice(dot + 1).replace(/\./g, '')
}

/** A decimal amount as a string (never a float), with its currency and an optional "Max". */
export function AmountInput({ label, currency, error, hint, value, onChange, max, id, ...rest }: Props) {
  const auto = useId()
  const inputId = id ?? auto
  const noteId = `${inputId}-note`
  const note = error ?? hint
  return (
    <div className="field">
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <div className={error ? 'input-group invalid' : 'input-group'}>
        <input
          {...rest}
          id={inputId}
          className="input num"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(cleanAmount(e.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={note ? noteId : undefined}
        />
        {currency && <span className="input-suffix">{currency}</span>}
        {max !== undefined && (
          <button type="button" className="input-max" onClick={() => onChange(max)}>
            <Trans>Max</Trans>
          </button>
        )}
      </div>
      {note && (
        <p id={noteId} className={error ? 'field-note error' : 'field-note'}>
          {note}
        </p>
      )}
    </div>
  )
}
