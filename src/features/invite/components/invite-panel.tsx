// /profile/invite: the user's code and link (copy, QR code), how many they invited, and naming their own inviter.
import { useQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { useSession } from '../../../lib/session.ts'
import { inviteQueries } from '../api.ts'
import { ApplyInviteForm } from './apply-invite-form.tsx'
import { CopyButton } from './copy-button.tsx'
import { InviteQr } from './invite-qr.tsx'

export function InvitePanel() {
  const userId = useSession((s) => s.userId)
  const { data, error } = useQuery(inviteQueries.code(userId))
  if (!userId) {
    return (
      <p className="muted">
        <Trans>Sign in to see your invite code.</Trans>
      </p>
    )
  }
  if (error) return <p role="alert">{error.message}</p>
  if (!data) {
    return (
      <p className="muted">
        <Trans>Loading…</Trans>
      </p>
    )
  }
  return (
    <div className="invite">
      <p>
        <Trans>Share your link: friends who open it and sign in for the first time become your invitees.</Trans>
      </p>
      <dl className="facts">
        <dt>
          <Trans>Invite code</Trans>
        </dt>
        <dd className="mono invite-code" data-testid="invite-code">
          {data.inviteCode}
        </dd>
        <dt>
          <Trans>Invite link</Trans>
        </dt>
        <dd className="mono invite-link" data-testid="invite-link">
          {data.inviteUrl}
        </dd>
        <dt>
          <Trans>Friends invited</Trans>
        </dt>
        <dd data-testid="invited-count">{data.invitedCount}</dd>
      </dl>
      <div className="invite-actions">
        <CopyButton text={data.inviteUrl} />
      </div>
      <InviteQr url={data.inviteUrl} />
      <ApplyInviteForm />
    </div>
  )
}
