// /help/support: the user's conversation with support, oldest at the top, a composer, and the safety banner that
// never goes away (above a hosted provider's widget too, hosted-chat.tsx). Replies arrive live (support_message
// refreshes the chat); while the screen is open they are marked read. Every message is a React text node, never
// HTML. The verified-staff badge follows the server's `author`. A picture is fetched with the user's token (the
// user owns every picture of their conversation, the operators' too) and keeps its size while it loads.
import { useEffect } from 'react'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SupportMessage } from '#contract/support.ts'
import { uploadPath } from '#contract/uploads.ts'
import { ChatPicture } from '../../../components/chat-picture.tsx'
import { Button, buttonClass } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { IconMail, IconShield } from '../../../components/ui/icons.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { StaleNote } from '../../../components/ui/stale-note.tsx'
import { useBlobUrl } from '../../../lib/blob-url.ts'
import { useFormat } from '../../../lib/format.ts'
import { getSession, useSession } from '../../../lib/session.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { supportQueries, useMarkSupportRead } from '../api.ts'
import { HostedChat } from './hosted-chat.tsx'
import { Composer } from './support-composer.tsx'
import '../support.css'

export function SupportScreen() {
  const token = useSession((s) => s.token)
  const provider = useQuery(supportQueries.provider())
  return (
    <article className="article support">
      <PageHeader title={<Trans>Online support</Trans>} back="/help/center" />
      <p className="support-banner" role="note" data-testid="support-banner">
        <IconShield size={20} />
        <span>
          <Trans>Staff will never ask for your recovery phrase or private key, or for you to send funds to an address.</Trans>
        </span>
      </p>
      {provider.isPending ? (
        <Card>
          <SkeletonRows rows={3} />
        </Card>
      ) : provider.isError ? (
        <Card>
          <ErrorState error={provider.error} onRetry={() => void provider.refetch()} />
        </Card>
      ) : provider.data.provider !== 'keelson' ? (
        <HostedChat provider={provider.data.provider} websiteId={provider.data.websiteId} />
      ) : token ? (
        <Conversation />
      ) : (
        <Card>
          <EmptyState
            icon={<IconMail size={32} />}
            title={<Trans>Sign in to chat with our support team.</Trans>}
            action={
              <Link to="/pass/$type" params={{ type: 'login' }} className={buttonClass('primary', 'lg', true)}>
                <Trans>Sign in</Trans>
              </Link>
            }
          />
        </Card>
      )}
    </article>
  )
}

function Conversation() {
  const isOnline = useIsOnline()
  const userId = useSession((s) => s.userId)
  const chat = useInfiniteQuery(supportQueries.chat(userId))
  const markRead = useMarkSupportRead()
  const unread = chat.data?.pages[0]?.unread ?? 0
  const { mutate: mark, isPending: isMarking } = markRead
  // Replies that arrive while the conversation is on screen are read.
  useEffect(() => {
    if (unread > 0 && isOnline && !isMarking && document.visibilityState === 'visible') mark()
  }, [unread, isOnline, isMarking, mark])

  if (chat.isPending) return <Card><SkeletonRows rows={3} /></Card>
  if (!chat.data) return <Card><ErrorState error={chat.error} onRetry={() => void chat.refetch()} /></Card>
  const messages = chat.data.pages.flatMap((p) => p.list).reverse()
  return (
    <Card>
      {(!isOnline || chat.error) && <StaleNote time={chat.dataUpdatedAt} />}
      {chat.hasNextPage && (
        <Button variant="secondary" block loading={chat.isFetchingNextPage} disabled={!isOnline} onClick={() => void chat.fetchNextPage()}>
          <Trans>Load earlier messages</Trans>
        </Button>
      )}
      {messages.length === 0 ? (
        <p className="muted support-empty">
          <Trans>Write to us and an operator will answer here. You can leave this page: the answer waits for you.</Trans>
        </p>
      ) : (
        <ol className="support-list" aria-live="polite" data-testid="support-messages">
          {messages.map((m) => (
            <Bubble key={m.id} message={m} />
          ))}
        </ol>
      )}
      <Composer isOnline={isOnline} />
    </Card>
  )
}

function Bubble({ message }: { message: SupportMessage }) {
  const f = useFormat()
  const isStaff = message.author === 'staff'
  return (
    <li className={isStaff ? 'support-msg staff' : 'support-msg mine'} data-testid="support-message" data-author={message.author}>
      <div className="support-msg-head">
        {isStaff ? (
          <span className="staff-badge" data-testid="staff-badge">
            <IconShield size={16} />
            <Trans>Verified staff</Trans>
          </span>
        ) : (
          <strong>
            <Trans>You</Trans>
          </strong>
        )}
        <time className="caption" dateTime={new Date(message.createdAt).toISOString()}>
          {f.dateTime(message.createdAt)}
        </time>
      </div>
      {message.body && <p className="support-msg-body">{message.body}</p>}
      {message.attachment && <Picture attachment={message.attachment} isStaff={isStaff} />}
    </li>
  )
}

function Picture({ attachment, isStaff }: { attachment: NonNullable<SupportMessage['attachment']>; isStaff: boolean }) {
  const { t } = useLingui()
  const { url, failed } = useBlobUrl(uploadPath(attachment.id), () => getSession().token)
  return (
    <ChatPicture
      attachment={attachment}
      url={url}
      failed={failed}
      alt={isStaff ? t`Picture from support staff` : t`Your picture`}
      closeLabel={t`Close the picture`}
      failedText={<Trans>The picture could not be loaded.</Trans>}
      testId="support-picture"
    />
  )
}
