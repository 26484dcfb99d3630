// /profile/notifications: the user's messages newest first, unread ones marked, a page at a time.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { useSession } from '../../../lib/session.ts'
import { messageQueries, useMarkMessages } from '../api.ts'
import { MessageItem } from './message-item.tsx'

export function NotificationsPanel() {
  const userId = useSession((s) => s.userId)
  const list = useInfiniteQuery(messageQueries.list(userId))
  const { data: unread } = useQuery(messageQueries.unread(userId))
  const mark = useMarkMessages()
  if (!userId) {
    return (
      <p className="muted">
        <Trans>Sign in to see your notifications.</Trans>
      </p>
    )
  }
  if (list.error) return <p role="alert">{list.error.message}</p>
  if (!list.data) {
    return (
      <p className="muted">
        <Trans>Loading…</Trans>
      </p>
    )
  }
  const messages = list.data.pages.flatMap((p) => p.list)
  if (messages.length === 0) {
    return (
      <p className="muted empty">
        <Trans>nothing found yet</Trans>
      </p>
    )
  }
  return (
    <div className="notifications">
      <div className="card-head">
        <span className="muted">
          <Trans>{unread?.count ?? 0} unread</Trans>
        </span>
        <button
          type="button"
          className="btn small secondary"
          disabled={mark.isPending || (unread?.count ?? 0) === 0}
          onClick={() => mark.mutate({ all: true })}
        >
          <Trans>Mark all as read</Trans>
        </button>
      </div>
      {mark.error && <p role="alert">{mark.error.message}</p>}
      <ul className="message-list">
        {messages.map((m) => (
          <MessageItem key={m.id} message={m} isMarking={mark.isPending} onMarkRead={(id) => mark.mutate({ ids: [id] })} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <button type="button" className="btn secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          <Trans>Load more</Trans>
        </button>
      ) : (
        <p className="muted end-of-list">
          <Trans>No more data</Trans>
        </p>
      )}
    </div>
  )
}
