// A date input that speaks the app's language. A native <input type="date"> shows its value in the *browser's*
// locale (a German user with an English browser sees 03/05/2026), so the visible control is a button with the
// date through our formatter, and the native input underneath only provides the platform's picker (showPicker).
import { useId, useRef, type ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { useFormat } from '../../lib/format.ts'
import { IconClose } from './icons.tsx'

type Props = {
  label: ReactNode
  /** yyyy-mm-dd, or '' for no date */
  value: string
  onChange: (value: string) => void
  min?: string
  max?: string
  placeholder?: ReactNode
  testId?: string
}

export function DateField({ label, value, onChange, min, max, placeholder, testId }: Props) {
  const { t } = useLingui()
  const f = useFormat()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const handleOpen = () => {
    const el = input.current
    if (!el) return
    try {
      el.showPicker()
    } catch {
      // No showPicker (older engines) or not allowed here: focusing the input lets the user type the date.
      el.focus()
    }
  }
  return (
    <div className="field date-field" data-testid={testId}>
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="input-group date-group">
        <button type="button" className="input date-button" aria-labelledby={`${id}-label ${id}-value`} onClick={handleOpen}>
          <span id={`${id}-value`} className={value ? 'num' : 'muted'}>
            {value ? f.day(value) : (placeholder ?? t`Any date`)}
          </span>
        </button>
        {value && (
          <button type="button" className="icon-btn" aria-label={t`Clear date`} onClick={() => onChange('')}>
            <IconClose size={18} />
          </button>
        )}
        <input
          ref={input}
          type="date"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          value={value}
          min={min}
          max={max}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    </div>
  )
}
