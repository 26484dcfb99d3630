import { useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { TextField } from '../../../components/ui/field.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
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
      <h2 className="card-title">
        <Trans>Were you invited?</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Enter your inviter's code. You can do this once, only while your account has no inviter, and not with your own
          code or the code of someone you invited.
        </Trans>
      </p>
      <TextField
        label={<Trans>Inviter's code</Trans>}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        maxLength={16}
        autoComplete="off"
        autoCapitalize="characters"
        placeholder={t`8 characters`}
      />
      {/* Outside the field's note so it is announced when it appears. */}
      {apply.error && <ErrorState error={apply.error} compact />}
      {apply.isSuccess && (
        <p role="status" className="field-note">
          <Trans>Your inviter is saved.</Trans>
        </p>
      )}
      <Button type="submit" variant="secondary" block loading={apply.isPending} disabled={code.trim() === ''}>
        <Trans>Apply</Trans>
      </Button>
    </form>
  )
}
