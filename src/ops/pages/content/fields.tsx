// Selects shared by the content page's forms: a language of the 16, a document type, a help category.
import { useId } from 'react'
import { LANGUAGES, type LanguageCode } from '#contract/locales.ts'

export function SelectField<T extends string>({ label, value, options, onChange, testId }: { label: string; value: T; options: readonly { value: T; label: string }[]; onChange: (value: T) => void; testId?: string }) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} className="select" value={value} onChange={(e) => onChange(e.target.value as T)} data-testid={testId}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

export const LANGUAGE_OPTIONS: { value: LanguageCode; label: string }[] = LANGUAGES.map((l) => ({ value: l.code, label: `${l.name} (${l.code})` }))
