// The support chat in the console: conversations with their unread user messages (latest first), and the chosen one
// with a reply form (text, a picture, or both: support-pictures.tsx). Messages are shown as text, never HTML. New
// messages arrive on the console's socket (live.ts).
import { useEffect, useState, type FormEvent } from 'react'
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { opsSupportApi, type OpsConversation } from '#contract/ops-support.ts'
import type { SupportMessage } from '#contract/support.ts'
import { SUPPORT_TEXT_MAX } from '#contract/support.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextAreaField } from '../../../components/ui/field.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { useFormat } from '../../../lib/format.ts'
import { operationKeys } from '../../../lib/operation-keys.ts'
import { useAttachPicture } from '../../../lib/use-attach-picture.ts'
import { opsCall } from '../../api.ts'
import { Pager } from '../../components/pager.tsx'
import { SUPPORT_KEY, useSupportLive } from './live.ts'
import { MessagePicture, ReplyPicture, uploadFor } from './support-pictures.tsx'
import './support.css'

const PAGE_SIZE = 20
/** A thread's newest messages; older ones come a page at a time on 'Load earlier messages'. */
const THREAD_PAGE_SIZE = 50

export default function SupportPage() {
  const { t } = useLingui()
  useSupportLive()
  const [page, setPage] = useState(1)
  const [selected, setSelected] = useState<string | null>(null)
  const list = useQuery({
    queryKey: [...SUPPORT_KEY, 'list', page],
    queryFn: () => opsCall(opsSupportApi.conversations, { query: { page, size: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
  return (
    <>
      <PageHeader title={<Trans>Support chat</Trans>} />
      <div className="ops-columns">
        <Card title={t`Conversations`} titleId="ops-support-list">
          {list.isPending ? (
            <SkeletonRows rows={3} />
          ) : list.isError ? (
            <ErrorState error={list.error} onRetry={() => void list.refetch()} compact />
          ) : list.data.list.length === 0 ? (
            <EmptyState title={<Trans>No conversations yet</Trans>} />
          ) : (
            <>
              <ul className="ops-list" data-testid="ops-support-conversations">
                {list.data.list.map((c) => (
                  <ConversationRow key={c.id} conversation={c} isSelected={c.id === selected} onOpen={() => setSelected(c.id)} />
                ))}
              </ul>
              <Pager page={page} size={PAGE_SIZE} total={list.data.total} onPage={setPage} />
            </>
          )}
        </Card>
        {selected ? <Thread id={selected} /> : <Card><EmptyState title={<Trans>Choose a conversation to read and answer it.</Trans>} /></Card>}
      </div>
    </>
  )
}

function ConversationRow({ conversation: c, isSelected, onOpen }: { conversation: OpsConversation; isSelected: boolean; onOpen: () => void }) {
  const { t } = useLingui()
  const unread = c.unread
  return (
    <li>
      <button type="button" className={isSelected ? 'ops-support-row selected' : 'ops-support-row'} onClick={onOpen} data-testid="ops-support-row" aria-pressed={isSelected}>
        <span className="ops-support-user">{c.userLabel}</span>
        {c.unread > 0 && (
          <span className="ops-support-badge" data-testid="ops-support-unread" aria-label={t`${unread} unread`}>
            {c.unread}
          </span>
        )}
        <span className="ops-support-last">{c.lastBody || (c.lastMessageAt ? t`Picture` : '')}</span>
      </button>
    </li>
  )
}

function Thread({ id }: { id: string }) {
  const { t } = useLingui()
  const f = useFormat()
  const queryClient = useQueryClient()
  const thread = useInfiniteQuery({
    queryKey: [...SUPPORT_KEY, 'thread', id],
    queryFn: ({ pageParam }) => opsCall(opsSupportApi.conversation, { query: { id, page: pageParam, size: THREAD_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  })
  const unread = thread.data?.pages[0]?.conversation.unread ?? 0
  const markRead = useMutation({
    mutationFn: () => opsCall(opsSupportApi.markRead, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUPPORT_KEY }),
  })
  const { mutate: mark, isPending: isMarking } = markRead
  useEffect(() => {
    if (unread > 0 && !isMarking) mark()
  }, [unread, isMarking, mark])
  const [text, setText] = useState('')
  const [keys] = useState(operationKeys)
  const picture = useAttachPicture(uploadFor(id))
  const reply = useMutation({
    mutationFn: (message: { body: string; attachmentId?: string | undefined }) =>
      opsCall(opsSupportApi.reply, { body: { id, ...message, clientKey: keys.keyFor({ id, ...message }) } }),
    onSettled: (_data, error) => {
      keys.settled(error)
      return queryClient.invalidateQueries({ queryKey: SUPPORT_KEY })
    },
  })
  const hasContent = Boolean(text.trim() || picture.attached)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!hasContent || picture.progress !== null || reply.isPending) return
    reply.mutate(
      { body: text, attachmentId: picture.attached?.attachment.id },
      {
        onSuccess: () => {
          setText('')
          picture.clear()
        },
      },
    )
  }
  if (thread.isPending) return <Card><SkeletonRows rows={3} /></Card>
  if (thread.isError) return <Card><ErrorState error={thread.error} onRetry={() => void thread.refetch()} compact /></Card>
  const messages = oldestFirst(thread.data.pages.map((p) => p.list))
  return (
    <Card title={thread.data.pages[0]!.conversation.userLabel} titleId="ops-support-thread">
      {thread.hasNextPage && (
        <Button variant="secondary" loading={thread.isFetchingNextPage} onClick={() => void thread.fetchNextPage()} data-testid="ops-support-earlier">
          <Trans>Load earlier messages</Trans>
        </Button>
      )}
      <ol className="ops-support-thread" data-testid="ops-support-thread">
        {messages.map((m) => (
          <li key={m.id} className={m.author === 'staff' ? 'ops-support-msg staff' : 'ops-support-msg'} data-author={m.author}>
            <span className="caption">
              {m.author === 'staff' ? <Trans>Staff</Trans> : <Trans>User</Trans>} · {f.dateTime(m.createdAt)}
            </span>
            {m.body && <p>{m.body}</p>}
            {m.attachment && <MessagePicture attachment={m.attachment} isStaff={m.author === 'staff'} />}
          </li>
        ))}
      </ol>
      <form onSubmit={submit} className="ops-form">
        <TextAreaField label={t`Reply`} rows={3} maxLength={SUPPORT_TEXT_MAX} value={text} onChange={(e) => setText(e.target.value)} data-testid="ops-support-reply" />
        <ReplyPicture picture={picture} />
        {reply.error && <ErrorState error={reply.error} compact />}
        <Button type="submit" loading={reply.isPending} disabled={!hasContent || picture.progress !== null} data-testid="ops-support-send">
          <Trans>Send reply</Trans>
        </Button>
      </form>
    </Card>
  )
}

/** Pages come newest first; a message that moved to the next page while new ones arrived is shown once. */
function oldestFirst(pages: SupportMessage[][]): SupportMessage[] {
  const byId = new Map<string, SupportMessage>()
  for (const message of pages.flat()) byId.set(message.id, message)
  return [...byId.values()].reverse()
}
