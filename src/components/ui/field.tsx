import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react'

type Common = { label: ReactNode; error?: ReactNode; hint?: ReactNode; id?: string }
type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> & Common
type AreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> & Common

/** The label above, the hint or the inline error below (announced through aria-describedby), around one control. */
function Field({ label, error, hint, id, className, control }: Common & { className?: string; control: (ids: { id: string; describedBy?: string }) => ReactNode }) {
  const auto = useId()
  const inputId = id ?? auto
  const noteId = `${inputId}-note`
  const note = error ?? hint
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      {control({ id: inputId, describedBy: note ? noteId : undefined })}
      {note && (
        <p id={noteId} className={error ? 'field-note error' : 'field-note'}>
          {note}
        </p>
      )}
    </div>
  )
}

/** Label above, 48 px input, the hint or the inline error below. */
export function TextField({ label, error, hint, id, className, ...rest }: Props) {
  return (
    <Field
      {...{ label, error, hint, id, className }}
      control={(ids) => <input {...rest} id={ids.id} className="input" aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} />}
    />
  )
}

/** A multi-line TextField (a message body, a notice's HTML). */
export function TextAreaField({ label, error, hint, id, className, rows = 5, ...rest }: AreaProps) {
  return (
    <Field
      {...{ label, error, hint, id, className }}
      control={(ids) => (
        <textarea {...rest} rows={rows} id={ids.id} className="input textarea" aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} />
      )}
    />
  )
}
