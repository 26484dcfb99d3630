// /pass/register: e-mail, a code mailed to it, a password typed twice. The invite code of an invite link (the
// invitecode cookie) travels as a header with every call, so the server binds the inviter here too.
import { useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRegister } from '../api.ts'
import { checkCode, checkConfirm, checkEmail, checkNewPassword, hasProblems, problemsOf, type Problems } from '../validation.ts'
import { CodeField } from './code-field.tsx'
import { FormError } from './form-error.tsx'
import { TextField } from './text-field.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'

type Field = 'email' | 'code' | 'password' | 'confirm'

export function RegisterForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useLingui()
  const register = useRegister()
  const [form, setForm] = useState({ email: '', code: '', password: '', confirm: '' })
  const [problems, setProblems] = useState<Problems<Field>>({})
  const set = (field: Field) => (value: string) => setForm((f) => ({ ...f, [field]: value }))

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault()
    const found = problemsOf({
      email: checkEmail(form.email),
      code: checkCode(form.code),
      password: checkNewPassword(form.password),
      confirm: checkConfirm(form.password, form.confirm),
    })
    setProblems(found)
    if (hasProblems(found)) return
    register.mutate({ email: form.email.trim(), code: form.code.trim(), password: form.password }, { onSuccess: onSignedIn })
  }

  return (
    <form className="pass-form" noValidate onSubmit={handleSubmit}>
      <TextField label={t`E-mail`} name="email" type="email" autoComplete="email" value={form.email} onChange={(e) => set('email')(e.target.value)} problem={problems.email} />
      <CodeField
        email={form.email}
        purpose="register"
        value={form.code}
        onChange={set('code')}
        problem={problems.code}
        onEmailProblem={(email) => setProblems((p) => ({ ...p, email }))}
      />
      <NewPasswordFields
        isNew={false}
        password={form.password}
        confirm={form.confirm}
        onPassword={set('password')}
        onConfirm={set('confirm')}
        problems={{ password: problems.password, confirm: problems.confirm }}
      />
      <FormError error={register.error} />
      <button type="submit" className="btn primary" disabled={register.isPending}>
        <Trans>Create account</Trans>
      </button>
    </form>
  )
}
