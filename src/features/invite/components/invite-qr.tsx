import { useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { QrImage } from '../../../components/ui/qr-image.tsx'
import { useSession } from '../../../lib/session.ts'
import { inviteQueries } from '../api.ts'

/** The link as a QR code. */
export function InviteQr({ url }: { url: string }) {
  const { t } = useLingui()
  const userId = useSession((s) => s.userId)
  const { data: svg } = useQuery(inviteQueries.qr(userId, url))
  return <QrImage svg={svg} alt={t`QR code of your invite link`} className="invite-qr" testId="invite-qr" />
}
