// A number typed in the active language's format (src/lib/number-input.ts): "90,000.50" in English, "90.000,50" in
// German. The parent holds a plain decimal string ("90000.50"); while the text is refused it holds REFUSED_NUMBER,
// which no check takes for a number, and the input says how this language writes numbers.
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatNumberInput, numberExamples, parseNumber, REFUSED_NUMBER } from '../../lib/number-input.ts'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'max' | 'children'> & {
  label: ReactNode
  currency?: string
  error?: ReactNode
  hint?: ReactNode
  /** A plain decimal string, '' or REFUSED_NUMBER. */
  value: string
  onChange: (v: string) => void
  max?: string
}

/** A decimal amount as a string (never a float), with its currency and an optional "Max". */
export function AmountInput({ label, currency, error, hint, value, onChange, max, id, onBlur, onFocus, ...rest }: Props) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale || 'en-US'
  const auto = useId()
  const inputId = id ?? auto
  const noteId = `${inputId}-note`
  // The text as typed, and the value and language it stands for: a value set from outside (Max, a reset, a stop
  // written another way) or a new language shows anew; the user's own typing is never reformatted under the caret.
  const [typed, setTyped] = useState({ text: formatNumberInput(value, locale), value, locale })
  const [isFocused, setFocused] = useState(false)
  if (typed.value !== value || typed.locale !== locale) setTyped({ text: formatNumberInput(value, locale), value, locale })
  const parsed = parseNumber(typed.text, locale)
  // A group still being typed ("90,0") is refused quietly until the input loses focus.
  const isRefused = !parsed.ok && (parsed.problem !== 'incomplete' || !isFocused)
  const { grouped, plain } = numberExamples(locale)
  const refusal = isRefused ? t`Write numbers like ${grouped} or ${plain}` : undefined
  const shownError = refusal ?? error
  const note = shownError ?? hint
  const handleText = (text: string) => {
    const r = parseNumber(text, locale)
    const next = r.ok ? r.value : REFUSED_NUMBER
    setTyped({ text, value: next, locale })
    if (next !== value) onChange(next)
  }
  return (
    <div className="field">
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <div className={shownError ? 'input-group invalid' : 'input-group'}>
        <input
          {...rest}
          id={inputId}
          className="input num"
          inputMode="decimal"
          autoComplete="off"
          value={typed.text}
          onChange={(e) => handleText(e.target.value)}
          onFocus={(e) => {
            setFocused(true)
            onFocus?.(e)
          }}
          onBlur={(e) => {
            setFocused(false)
            // Leaving the input shows the number in the language's format ("90000" becomes "90,000").
            if (parsed.ok) setTyped({ text: formatNumberInput(parsed.value, locale), value, locale })
            onBlur?.(e)
          }}
          aria-invalid={shownError ? true : undefined}
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
        <p id={noteId} className={shownError ? 'field-note error' : 'field-note'} role={refusal ? 'alert' : undefined}>
          {note}
        </p>
      )}
    </div>
  )
}
