// /changepwd: the current password, the new one typed twice. Other sessions of the account end on success. An
// account without an e-mail (a wallet sign-up) has no password: it gets an explanation instead of a form that
// could only fail; the account screen hides the row, this covers a direct visit.
import { useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useSession } from '../../../lib/session.ts'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { passwordQueries, useUpdatePassword } from '../api.ts'
import { checkConfirm, checkNewPassword, checkPassword, hasProblems, problemsOf, type Problems } from '../validation.ts'
import { Button } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { IconLock, IconWallet } from '../../../components/ui/icons.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { FormError } from './form-error.tsx'
import { TextField } from './text-field.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'

type Field = 'oldPassword' | 'newPassword' | 'confirm'

export function ChangePasswordForm() {
  const userId = useSession((s) => s.userId)
  const account = useQuery(passwordQueries.account(userId))
  if (account.isError) return <ErrorState error={account.error} onRetry={() => void account.refetch()} />
  if (!account.data) return <SkeletonRows rows={3} />
  if (account.data.email === null && account.data.address === null) {
    return <EmptyState icon={<IconLock size={32} />} title={<Trans>Your account signs in with Google or Facebook; it has no password.</Trans>} />
  }
  if (account.data.email === null) {
    return (
      <EmptyState
        icon={<IconWallet size={32} />}
        title={<Trans>Your account signs in with your wallet; it has no password.</Trans>}
        body={<Trans>There is nothing to change here. Your wallet confirms each sign-in with a free signature.</Trans>}
      />
    )
  }
  return <PasswordForm />
}

function PasswordForm() {
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
      <Button type="submit" size="lg" block loading={update.isPending}>
        <Trans>Change password</Trans>
      </Button>
    </form>
  )
}
