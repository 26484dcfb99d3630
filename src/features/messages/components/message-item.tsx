import { Trans, useLingui } from '@lingui/react/macro'
import type { Message } from '#contract/messages.ts'
import { useDateFormat } from '../../../lib/use-date-format.ts'
import { useServerOffset } from '../../../lib/use-server-offset.ts'

type Props = { message: Message; isMarking: boolean; onMarkRead: (id: string) => void }

export function MessageItem({ message, isMarking, onMarkRead }: Props) {
  const { i18n } = useLingui()
  const format = useDateFormat()
  const offset = useServerOffset()
  const isUnread = message.readAt === null
  return (
    <li className={isUnread ? 'message unread' : 'message'} data-testid="message" data-unread={isUnread}>
      <div className="message-head">
        <strong className="message-title">{message.title}</strong>
        {isUnread && (
          <span className="badge warn">
            <Trans>Unread</Trans>
          </span>
        )}
      </div>
      <p className="message-body">{message.body}</p>
      <div className="message-foot">
        <time className="muted" dateTime={new Date(message.createdAt).toISOString()}>
          {format ? format(message.createdAt, i18n.locale, offset) : ''}
        </time>
        {isUnread && (
          <button type="button" className="btn small secondary" disabled={isMarking} onClick={() => onMarkRead(message.id)}>
            <Trans>Mark as read</Trans>
          </button>
        )}
      </div>
    </li>
  )
}
