import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { TextField } from './text-field.tsx'

type Props = {
  /** "Password" when registering, "New password" when changing or resetting one. */
  isNew: boolean
  password: string
  confirm: string
  onPassword: (value: string) => void
  onConfirm: (value: string) => void
  problems: { password?: MessageDescriptor; confirm?: MessageDescriptor }
}

/** A password typed twice, as registration, reset and change all ask for it. */
export function NewPasswordFields({ isNew, password, confirm, onPassword, onConfirm, problems }: Props) {
  const { t } = useLingui()
  return (
    <>
      <TextField
        label={isNew ? t`New password` : t`Password`}
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        problem={problems.password}
      />
      <TextField
        label={t`Confirm password`}
        name="confirm"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
        problem={problems.confirm}
      />
    </>
  )
}
