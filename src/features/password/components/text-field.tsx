// The kit's text field (label above, 48 px input, inline message tied to it for screen readers) with the
// validation message as a Lingui descriptor, translated here.
import type { InputHTMLAttributes } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { TextField as KitTextField } from '../../../components/ui/field.tsx'

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; problem?: MessageDescriptor }

export function TextField({ label, problem, ...input }: Props) {
  const { i18n } = useLingui()
  return <KitTextField {...input} label={label} error={problem ? i18n._(problem) : undefined} />
}
