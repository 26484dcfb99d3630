import { useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useApplyInviteCode } from '../api.ts'

/** Names an inviter afterwards; the rule is the server's (src/contract/invite.ts), stated here for the user. */
export function ApplyInviteForm() {
  const { t } = useLingui()
  const [code, setCode] = useState('')
  const apply = useApplyInviteCode()
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (code.trim()) apply.mutate(code.trim())
  }
  return (
    <form className="apply-invite" onSubmit={handleSubmit}>
      <h3>
        <Trans>Were you invited?</Trans>
      </h3>
      <p className="muted">
        <Trans>
          Enter your inviter's code. You can do this once, only while your account has no inviter, and not with your own
          code or the code of someone you invited.
        </Trans>
      </p>
      <label className="field">
        <span>
          <Trans>Inviter's code</Trans>
        </span>
        <input
          value={code}
          onChange={(e) => setCode(e.target.value)}
          maxLength={16}
          autoComplete="off"
          autoCapitalize="characters"
          placeholder={t`8 characters`}
        />
      </label>
      <button type="submit" className="btn secondary small" disabled={apply.isPending || code.trim() === ''}>
        <Trans>Apply</Trans>
      </button>
      {apply.isSuccess && (
        <p role="status">
          <Trans>Your inviter is saved.</Trans>
        </p>
      )}
      {apply.error && <p role="alert" className="error-text">{apply.error.message}</p>}
    </form>
  )
}
