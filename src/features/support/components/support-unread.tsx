import { useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react'
import { plural } from '@lingui/core/macro'
import { useSession } from '../../../lib/session.ts'
import { supportQueries } from '../api.ts'

/** Support replies the user has not read, on the way into the chat; nothing when there are none. */
export function SupportUnread() {
  useLingui() // not the macro: only subscribes, so the label re-renders in a new language
  const userId = useSession((s) => s.userId)
  const { data } = useQuery(supportQueries.unread(userId))
  const count = userId ? (data?.count ?? 0) : 0
  if (count === 0) return null
  return (
    <span className="unread-badge" data-testid="support-unread" role="status" aria-label={plural(count, { one: '# unread reply from support', other: '# unread replies from support' })}>
      {count > 99 ? '99+' : String(count)}
    </span>
  )
}
