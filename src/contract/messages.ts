// A user's messages (notifications): paged newest first, an unread count, and marking as read.
import * as z from 'zod/mini'
import { Millis, Page, pageOf, type Endpoint } from './endpoint.ts'

const Id = z.string().check(z.regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, 'id'))

export const Message = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  createdAt: Millis,
  /** null while unread. */
  readAt: z.nullable(Millis),
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
