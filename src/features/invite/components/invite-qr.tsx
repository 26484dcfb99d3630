import { useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { useSession } from '../../../lib/session.ts'
import { inviteQueries } from '../api.ts'

/** The link as a QR code, shown as an image (an SVG data URL), so no generated markup enters the page. */
export function InviteQr({ url }: { url: string }) {
  const { t } = useLingui()
  const userId = useSession((s) => s.userId)
  const { data: svg } = useQuery(inviteQueries.qr(userId, url))
  if (!svg) return <div className="invite-qr" aria-hidden="true" />
  return (
    <img
      className="invite-qr"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={t`QR code of your invite link`}
      width={160}
      height={160}
      data-testid="invite-qr"
    />
  )
}
