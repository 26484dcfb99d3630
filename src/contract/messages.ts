// A user's messages (notifications): paged newest first, an unread count, and marking as read.
import * as z from 'zod/mini'
import { Millis, Page, pageOf, type Endpoint } from './endpoint.ts'

const Id = z.string().check(z.regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, 'id'))

/** What the order engine stores with a message it writes (server/modules/messages/messages.service.ts): filled into
 * its sentence in the reader's language when read. Numbers are plain decimal strings; `orderNo` is the position's
 * number (a close, a fill) or the pending order's (a cancel). */
export type MessageParams = {
  orderNo: string
  book: 'demo' | 'live'
  symbol: string
  side: 'buy' | 'sell'
  lots: string
  price: string
  /** A close's realised P/L, in `currency`. */
  pnl?: string
  currency?: string
}

/** The order a message is about, for a link to it: an open position, or its entry in the order history once closed. */
export const MessageOrder = z.object({
  orderNo: z.string(),
  book: z.enum(['demo', 'live']),
  place: z.enum(['position', 'history']),
})
export type MessageOrder = z.infer<typeof MessageOrder>

export const Message = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  createdAt: Millis,
  /** null while unread. */
  readAt: z.nullable(Millis),
  /** Only on a message about a position (a take profit, a stop loss, a stop-out, a filled pending order). */
  order: z.optional(MessageOrder),
})
export type Message = z.infer<typeof Message>

export const MessagePage = pageOf(Message)
export type MessagePage = z.infer<typeof MessagePage>

/** Mark the listed messages, or all of them; ids that are not the caller's answer 404 and mark nothing. */
export const MarkMessage = z.object({
  ids: z.optional(z.array(Id).check(z.minLength(1), z.maxLength(100))),
  all: z.optional(z.boolean()),
}).check(z.refine((v) => v.all === true || v.ids !== undefined, { message: 'ids', path: ['ids'] }))
export type MarkMessage = z.infer<typeof MarkMessage>

export const messagesApi = {
  myMessages: { method: 'GET', path: '/getMyMessage', query: Page, data: MessagePage, auth: true },
  unreadCount: { method: 'GET', path: '/getUnReadMessageNums', data: z.object({ count: z.int() }), auth: true },
  /** Answers how many messages changed from unread to read. */
  markMessage: { method: 'POST', path: '/markMessage', body: MarkMessage, data: z.object({ marked: z.int() }), auth: true },
} as const satisfies Record<string, Endpoint>
