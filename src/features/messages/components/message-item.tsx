import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Message } from '#contract/messages.ts'
import { Button, buttonClass } from '../../../components/ui/button.tsx'
import { useFormat } from '../../../lib/format.ts'

type Props = { message: Message; isMarking: boolean; onMarkRead: (id: string) => void }

/** One message; an unread one has the accent edge, a dot with a spoken "Unread" and its own "Mark as read". A message
 * about a position links to it, as the engine's toast does (features/trade/components/trade-toasts.tsx): #order-N
 * an open position, #closed-N its entry in the history, with ?book= its book (the app may be on the other one). */
export function MessageItem({ message, isMarking, onMarkRead }: Props) {
  const f = useFormat()
  const isUnread = message.readAt === null
  return (
    <li className={isUnread ? 'message unread' : 'message'} data-testid="message" data-unread={isUnread}>
      <div className="message-head">
        {isUnread && (
          <span className="unread-dot">
            <span className="visually-hidden">
              <Trans>Unread</Trans>
            </span>
          </span>
        )}
        <strong className="message-title">{message.title}</strong>
        <time className="caption" dateTime={new Date(message.createdAt).toISOString()}>
          {f.dateTime(message.createdAt)}
        </time>
      </div>
      <p className="message-body">{message.body}</p>
      {(message.order || isUnread) && (
        <div className="message-actions">
          {message.order && (
            <Link
              to="/profile/{-$type}"
              params={{ type: 'orders' }}
              search={{ book: message.order.book }}
              hash={`${message.order.place === 'position' ? 'order' : 'closed'}-${message.order.orderNo}`}
              className={buttonClass('ghost')}
              data-testid="message-link"
            >
              {message.order.place === 'position' ? <Trans>View position</Trans> : <Trans>View in history</Trans>}
            </Link>
          )}
          {isUnread && (
            <Button variant="ghost" disabled={isMarking} onClick={() => onMarkRead(message.id)}>
              <Trans>Mark as read</Trans>
            </Button>
          )}
        </div>
      )}
    </li>
  )
}
