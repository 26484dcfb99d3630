// The console's sign-in: name, password and the 6-digit code of the operator's authenticator app.
import { useState, type FormEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { opsApi } from '#contract/ops.ts'
import { Button } from '../components/ui/button.tsx'
import { Card } from '../components/ui/card.tsx'
import { TextField } from '../components/ui/field.tsx'
import { IconShield } from '../components/ui/icons.tsx'
import { LanguageSelect } from '../components/language-select.tsx'
import { ApiError } from '../lib/api.ts'
import { opsCall } from './api.ts'
import { changeOpsLanguage } from './i18n.ts'
import { startOpsSession } from './session.ts'

export function OpsSignIn() {
  const { t } = useLingui()
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [missing, setMissing] = useState(false)
  const signIn = useMutation({
    mutationFn: () => opsCall(opsApi.signIn, { body: { name, password, code } }),
    onSuccess: startOpsSession,
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const incomplete = !name.trim() || !password || !/^\d{6}$/.test(code.replace(/\s/g, ''))
    setMissing(incomplete)
    if (!incomplete) signIn.mutate()
  }
  const error = signIn.error
  return (
    <main className="ops-sign-in">
      <div className="ops-sign-in-tools">
        <LanguageSelect id="ops-language-sign-in" change={changeOpsLanguage} />
      </div>
      <Card>
        <h1 className="ops-sign-in-title">
          <IconShield size={28} />
          <Trans>Operator console</Trans>
        </h1>
        <form onSubmit={submit} noValidate>
          <TextField label={t`Operator name`} autoComplete="username" autoCapitalize="none" spellCheck={false} value={name} onChange={(e) => setName(e.target.value)} />
          <TextField label={t`Password`} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <TextField
            label={t`Code from your authenticator app`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            hint={t`6 digits; a new code every 30 seconds`}
          />
          {(missing || error) && (
            <p className="field-note error" role="alert">
              {missing
                ? t`Enter your name, your password and the 6-digit code`
                : error instanceof ApiError
                  ? error.message
                  : t`The console cannot reach the server. Check the connection and try again.`}
            </p>
          )}
          <Button type="submit" block size="lg" loading={signIn.isPending}>
            <Trans>Sign in</Trans>
          </Button>
        </form>
      </Card>
    </main>
  )
}
