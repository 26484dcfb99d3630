// /changepwd: the current password, the new one typed twice. Other sessions of the account end on success.
import { useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useUpdatePassword } from '../api.ts'
import { checkConfirm, checkNewPassword, checkPassword, hasProblems, problemsOf, type Problems } from '../validation.ts'
import { FormError } from './form-error.tsx'
import { TextField } from './text-field.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'

type Field = 'oldPassword' | 'newPassword' | 'confirm'

export function ChangePasswordForm() {
  const { t } = useLingui()
  const update = useUpdatePassword()
  const [form, setForm] = useState({ oldPassword: '', newPassword: '', confirm: '' })
  const [problems, setProblems] = useState<Problems<Field>>({})
  const set = (field: Field) => (value: string) => setForm((f) => ({ ...f, [field]: value }))

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault()
    const found = problemsOf({
      oldPassword: checkPassword(form.oldPassword),
      newPassword: checkNewPassword(form.newPassword),
      confirm: checkConfirm(form.newPassword, form.confirm),
    })
    setProblems(found)
    if (hasProblems(found)) return
    update.mutate(
      { oldPassword: form.oldPassword, newPassword: form.newPassword },
      { onSuccess: () => setForm({ oldPassword: '', newPassword: '', confirm: '' }) },
    )
  }

  return (
    <form className="pass-form" noValidate onSubmit={handleSubmit}>
      <TextField
        label={t`Current password`}
        name="oldPassword"
        type="password"
        autoComplete="current-password"
        value={form.oldPassword}
        onChange={(e) => set('oldPassword')(e.target.value)}
        problem={problems.oldPassword}
      />
      <NewPasswordFields
        isNew={true}
        password={form.newPassword}
        confirm={form.confirm}
        onPassword={set('newPassword')}
        onConfirm={set('confirm')}
        problems={{ password: problems.newPassword, confirm: problems.confirm }}
      />
      <FormError error={update.error} />
      {update.isSuccess && (
        <p role="status" className="badge live">
          <Trans>Your password was changed.</Trans>
        </p>
      )}
      <button type="submit" className="btn primary" disabled={update.isPending}>
        <Trans>Change password</Trans>
      </button>
    </form>
  )
}
