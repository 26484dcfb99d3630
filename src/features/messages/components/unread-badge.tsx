import { useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { useSession } from '../../../lib/session.ts'
import { messageQueries } from '../api.ts'

/** The unread count on the Account tab; nothing when all is read or nobody is signed in. */
export function UnreadBadge() {
  const { t } = useLingui()
  const userId = useSession((s) => s.userId)
  const { data } = useQuery(messageQueries.unread(userId))
  const count = userId ? (data?.count ?? 0) : 0
  if (count === 0) return null
  const label = count > 99 ? '99+' : String(count)
  return (
    <span className="unread-badge" data-testid="unread-badge" aria-label={t`${count} unread messages`}>
      {label}
    </span>
  )
}
