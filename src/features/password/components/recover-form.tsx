// /pass/recover: e-mail, the code mailed to it, a new password typed twice. Success sends the user to sign in.
import { Trans } from '@lingui/react/macro'
import { useResetPassword } from '../api.ts'
import { EmailCodeForm } from './email-code-form.tsx'

export function RecoverForm({ onReset }: { onReset: () => void }) {
  const reset = useResetPassword()
  return (
    <EmailCodeForm
      purpose="reset"
      submitLabel={<Trans>Set new password</Trans>}
      isPending={reset.isPending}
      error={reset.error}
      onSubmit={(values) => reset.mutate(values, { onSuccess: onReset })}
    />
  )
}
