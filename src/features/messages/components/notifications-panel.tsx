// /profile/notifications: the user's messages newest first, unread ones marked, a page at a time.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Plural, Trans } from '@lingui/react/macro'
import { Card } from '../../../components/ui/card.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { StaleNote } from '../../../components/ui/stale-note.tsx'
import { IconBell } from '../../../components/ui/icons.tsx'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { useSession } from '../../../lib/session.ts'
import { messageQueries, useMarkMessages } from '../api.ts'
import { MessageItem } from './message-item.tsx'
import '../messages.css'

export function NotificationsPanel() {
  const isOnline = useIsOnline()
  const userId = useSession((s) => s.userId)
  const list = useInfiniteQuery(messageQueries.list(userId))
  const { data: unread } = useQuery(messageQueries.unread(userId))
  const mark = useMarkMessages()
  if (list.isPending) return <Card><SkeletonRows rows={3} /></Card>
  if (!list.data) return <Card><ErrorState error={list.error} onRetry={() => void list.refetch()} /></Card>
  const messages = list.data.pages.flatMap((p) => p.list)
  if (messages.length === 0) {
    return (
      <Card>
        <EmptyState icon={<IconBell size={32} />} title={<Trans>No messages yet</Trans>} body={<Trans>Messages about your account and orders will appear here.</Trans>} />
      </Card>
    )
  }
  const count = unread?.count ?? 0
  return (
    <Card>
      <div className="notifications-head">
        <span className="muted" data-testid="unread-count">
          <Plural value={count} one="# unread message" other="# unread messages" />
        </span>
        <Button variant="secondary" disabled={mark.isPending || count === 0 || !isOnline} onClick={() => mark.mutate({ all: true })}>
          <Trans>Mark all as read</Trans>
        </Button>
      </div>
      {(!isOnline || list.error) && <StaleNote time={list.dataUpdatedAt} />}
      {mark.error && <ErrorState error={mark.error} compact />}
      <ul className="message-list">
        {messages.map((m) => (
          <MessageItem key={m.id} message={m} isMarking={mark.isPending || !isOnline} onMarkRead={(id) => mark.mutate({ ids: [id] })} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button variant="secondary" block loading={list.isFetchingNextPage} disabled={!isOnline} onClick={() => void list.fetchNextPage()}>
          <Trans>Load more</Trans>
        </Button>
      ) : (
        <p className="caption end-of-list">
          <Trans>No more data</Trans>
        </p>
      )}
    </Card>
  )
}
