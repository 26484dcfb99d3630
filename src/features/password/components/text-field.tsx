// A labelled input with its validation message inline underneath, tied to it for screen readers. The message sits
// outside the label, so the field's name stays its label.
import { useId, type InputHTMLAttributes } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; problem?: MessageDescriptor }

export function TextField({ label, problem, ...input }: Props) {
  const { i18n } = useLingui()
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-problem` : undefined} />
      {problem && (
        <span id={`${id}-problem`} className="error-text field-problem">
          {i18n._(problem)}
        </span>
      )}
    </div>
  )
}
