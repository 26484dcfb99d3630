import { useId, type InputHTMLAttributes, type ReactNode } from 'react'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> & { label: ReactNode; error?: ReactNode; hint?: ReactNode; id?: string }

/** Label above, 48 px input, the hint or the inline error below (announced through aria-describedby). */
export function TextField({ label, error, hint, id, className, ...rest }: Props) {
  const auto = useId()
  const inputId = id ?? auto
  const noteId = `${inputId}-note`
  const note = error ?? hint
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <input {...rest} id={inputId} className="input" aria-invalid={error ? true : undefined} aria-describedby={note ? noteId : undefined} />
      {note && (
        <p id={noteId} className={error ? 'field-note error' : 'field-note'}>
          {note}
        </p>
      )}
    </div>
  )
}
