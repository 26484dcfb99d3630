import { useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react'
import { plural } from '@lingui/core/macro'
import { useSession } from '../../../lib/session.ts'
import { messageQueries } from '../api.ts'

/** The unread count on the Account tab; nothing when all is read or nobody is signed in. */
export function UnreadBadge() {
  useLingui() // not the macro: only subscribes, so the label below re-renders in a new language
  const userId = useSession((s) => s.userId)
  const { data } = useQuery(messageQueries.unread(userId))
  const count = userId ? (data?.count ?? 0) : 0
  if (count === 0) return null
  const label = count > 99 ? '99+' : String(count)
  return (
    <span className="unread-badge" data-testid="unread-badge" role="status" aria-label={plural(count, { one: '# unread message', other: '# unread messages' })}>
      {label}
    </span>
  )
}
