// /profile/invite: the user's code and link (copy each, QR code), how many they invited, and naming their own inviter.
import { useQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { Card } from '../../../components/ui/card.tsx'
import { CopyButton } from '../../../components/ui/copy-button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { StaleNote } from '../../../components/ui/stale-note.tsx'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { useSession } from '../../../lib/session.ts'
import { inviteQueries } from '../api.ts'
import { ApplyInviteForm } from './apply-invite-form.tsx'
import { InviteQr } from './invite-qr.tsx'
import '../invite.css'

export function InvitePanel() {
  const isOnline = useIsOnline()
  const userId = useSession((s) => s.userId)
  const { data, error, isPending, refetch, dataUpdatedAt } = useQuery(inviteQueries.code(userId))
  if (isPending) return <Card><SkeletonRows rows={3} /></Card>
  if (!data) return <Card><ErrorState error={error} onRetry={() => void refetch()} /></Card>
  return (
    <div className="invite">
      <Card>
        {(!isOnline || error) && <StaleNote time={dataUpdatedAt} />}
        <p>
          <Trans>Share your link: friends who open it and sign in for the first time become your invitees.</Trans>
        </p>
        <div className="invite-item">
          <span className="field-label">
            <Trans>Invite code</Trans>
          </span>
          <div className="invite-value">
            <span className="mono invite-code" data-testid="invite-code">
              {data.inviteCode}
            </span>
            <CopyButton text={data.inviteCode} label={<Trans>Copy code</Trans>} />
          </div>
        </div>
        <div className="invite-item">
          <span className="field-label">
            <Trans>Invite link</Trans>
          </span>
          <div className="invite-value">
            <span className="mono invite-link" data-testid="invite-link">
              {data.inviteUrl}
            </span>
            <CopyButton text={data.inviteUrl} label={<Trans>Copy</Trans>} primary />
          </div>
        </div>
        <InviteQr url={data.inviteUrl} />
        <p className="invite-count">
          <span className="muted">
            <Trans>Friends invited</Trans>
          </span>{' '}
          <strong className="num" data-testid="invited-count">
            {data.invitedCount}
          </strong>
        </p>
      </Card>
      <Card>
        <ApplyInviteForm />
      </Card>
    </div>
  )
}
