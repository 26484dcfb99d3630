// /pass/register: e-mail, a code mailed to it, a password typed twice. The invite code of an invite link (the
// invitecode cookie) travels as a header with every call, so the server binds the inviter here too.
import { Trans } from '@lingui/react/macro'
import { useRegister } from '../api.ts'
import { EmailCodeForm } from './email-code-form.tsx'

export function RegisterForm({ onSignedIn }: { onSignedIn: () => void }) {
  const register = useRegister()
  return (
    <EmailCodeForm
      purpose="register"
      submitLabel={<Trans>Create account</Trans>}
      isPending={register.isPending}
      error={register.error}
      onSubmit={(values) => register.mutate(values, { onSuccess: onSignedIn })}
    />
  )
}
