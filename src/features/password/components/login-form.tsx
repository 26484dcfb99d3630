// /pass/login: e-mail and password. A refused sign-in shows the server's one answer for a wrong e-mail or password.
import { useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useLogin } from '../api.ts'
import { checkEmail, checkPassword, hasProblems, problemsOf, type Problems } from '../validation.ts'
import { Button } from '../../../components/ui/button.tsx'
import { FormError } from './form-error.tsx'
import { TextField } from './text-field.tsx'

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useLingui()
  const login = useLogin()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [problems, setProblems] = useState<Problems<'email' | 'password'>>({})

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault()
    const found = problemsOf({ email: checkEmail(email), password: checkPassword(password) })
    setProblems(found)
    if (hasProblems(found)) return
    login.mutate({ email: email.trim(), password }, { onSuccess: onSignedIn })
  }

  return (
    <form className="pass-form" noValidate onSubmit={handleSubmit}>
      <TextField label={t`E-mail`} name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} problem={problems.email} />
      <TextField
        label={t`Password`}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        problem={problems.password}
      />
      <FormError error={login.error} />
      <Button type="submit" size="lg" block loading={login.isPending}>
        <Trans>Sign in</Trans>
      </Button>
    </form>
  )
}
