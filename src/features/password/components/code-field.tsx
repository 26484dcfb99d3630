// The verification-code input with its "Send code" button. The button checks the e-mail first (same messages as
// the form), then waits out the server's resend delay with a visible countdown.
import { useEffect, useState } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { EMAIL_CODE_RESEND_MS, type EmailCodePurpose } from '#contract/password.ts'
import { useSendEmailCode } from '../api.ts'
import { checkEmail } from '../validation.ts'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from './text-field.tsx'

type Props = {
  email: string
  purpose: EmailCodePurpose
  value: string
  onChange: (code: string) => void
  problem?: MessageDescriptor
  /** The e-mail is wrong or empty: the form shows it under the e-mail field. */
  onEmailProblem: (problem: MessageDescriptor | undefined) => void
}

export function CodeField({ email, purpose, value, onChange, problem, onEmailProblem }: Props) {
  const { t } = useLingui()
  const send = useSendEmailCode()
  const [waitUntil, setWaitUntil] = useState(0)
  const [now, setNow] = useState(() => Date.now())
  const secondsLeft = Math.max(0, Math.ceil((waitUntil - now) / 1000))

  useEffect(() => {
    if (secondsLeft === 0) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [secondsLeft])

  const handleSend = () => {
    const emailProblem = checkEmail(email)
    onEmailProblem(emailProblem)
    if (emailProblem) return
    send.mutate(
      { email: email.trim(), purpose },
      {
        onSuccess: () => {
          setNow(Date.now())
          setWaitUntil(Date.now() + EMAIL_CODE_RESEND_MS)
        },
      },
    )
  }

  return (
    <div className="code-field">
      <TextField
        label={t`Verification code`}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        problem={problem}
      />
      <Button variant="secondary" block disabled={secondsLeft > 0} loading={send.isPending} onClick={handleSend}>
        {secondsLeft > 0 ? <Trans>Send again in {secondsLeft} s</Trans> : <Trans>Send code</Trans>}
      </Button>
      {send.isSuccess && (
        <p className="muted" role="status" data-testid="code-sent">
          <Trans>Check your e-mail for the code. It is valid for 10 minutes.</Trans>
        </p>
      )}
      {send.error && (
        <p role="alert" className="error-text">
          {send.error.message}
        </p>
      )}
    </div>
  )
}
