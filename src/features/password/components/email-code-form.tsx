import { useState, type FormEvent, type ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { checkCode, checkConfirm, checkEmail, checkNewPassword, hasProblems, problemsOf, type Problems } from '../validation.ts'
import { CodeField } from './code-field.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { FormError } from './form-error.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'
import { TextField } from './text-field.tsx'

type Field = 'email' | 'code' | 'password' | 'confirm'

export type EmailCodeValues = { email: string; code: string; password: string }

type Props = {
  purpose: 'register' | 'reset'
  submitLabel: ReactNode
  isPending: boolean
  error: Error | null
  onSubmit: (values: EmailCodeValues) => void
}

/** E-mail, the code mailed to it and a password typed twice: registration and password reset ask the same. */
export function EmailCodeForm({ purpose, submitLabel, isPending, error, onSubmit }: Props) {
  const { t } = useLingui()
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
    onSubmit({ email: form.email.trim(), code: form.code.trim(), password: form.password })
  }

  return (
    <form className="pass-form" noValidate onSubmit={handleSubmit}>
      <TextField label={t`E-mail`} name="email" type="email" autoComplete="email" value={form.email} onChange={(e) => set('email')(e.target.value)} problem={problems.email} />
      <CodeField
        email={form.email}
        purpose={purpose}
        value={form.code}
        onChange={set('code')}
        problem={problems.code}
        onEmailProblem={(email) => setProblems((p) => ({ ...p, email }))}
      />
      <NewPasswordFields
        isNew={purpose === 'reset'}
        password={form.password}
        confirm={form.confirm}
        onPassword={set('password')}
        onConfirm={set('confirm')}
        problems={{ password: problems.password, confirm: problems.confirm }}
      />
      <FormError error={error} />
      <Button type="submit" size="lg" block loading={isPending}>
        {submitLabel}
      </Button>
    </form>
  )
}
