// Keelson's own support chat (docs/api.md, "Support chat"): one conversation per user, answered by operators in the
// console (src/contract/ops-support.ts). A message's author is decided by the server: `staff` only for an operator's
// reply, so the app's verified-staff badge can never be earned by what a user types.
import * as z from 'zod/mini'
import { Int8Id, Millis, Page, type Endpoint } from './endpoint.ts'

/** The longest message, in UTF-16 code units (what a textarea's maxLength counts). */
export const SUPPORT_TEXT_MAX = 2000

/** Bounded so a huge body is a 400 before it is read further; empty and too long get their own messages. */
export const SupportText = z.string().check(z.maxLength(SUPPORT_TEXT_MAX * 4))

/** A key the client makes per message (a UUID) and sends again on a retry: the message is stored once. */
export const SupportClientKey = z.string().check(z.regex(/^[\x21-\x7e]{8,200}$/, 'clientKey'))

export const SupportAuthor = z.enum(['user', 'staff'])
export type SupportAuthor = z.infer<typeof SupportAuthor>

/**
 * A picture in a message: an upload of purpose `support` (POST /api/imgUpload, or the console's
 * OPS_SUPPORT_ATTACHMENT_PATH), owned by the conversation's user, so the user reads it at /api/upload/<id> and
 * operators at /api/ops/upload/<id>. Its size lets a screen reserve the space before the picture arrives.
 */
export const SupportAttachment = z.object({ id: z.string(), width: z.int(), height: z.int() })
export type SupportAttachment = z.infer<typeof SupportAttachment>

/** An upload id to attach; anything that is not the sender's picture for support is refused with one message. */
export const SupportAttachmentId = z.string().check(z.maxLength(100))

export const SupportMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  author: SupportAuthor,
  /** The text; empty when the message is only a picture. */
  body: z.string(),
  attachment: z.nullable(SupportAttachment),
  createdAt: Millis,
})
export type SupportMessage = z.infer<typeof SupportMessage>

/** The caller's conversation, newest first; `conversationId` is null until the first message. */
export const SupportChatPage = z.object({
  conversationId: z.nullable(z.string()),
  list: z.array(SupportMessage),
  total: z.int(),
  page: z.int(),
  size: z.int(),
  /** Staff replies the user has not read. */
  unread: z.int(),
})
export type SupportChatPage = z.infer<typeof SupportChatPage>

/** Optional on every call: a conversation id that is not the caller's answers 404. */
const Conversation = { conversationId: z.optional(Int8Id) }

/** What the socket's support_message carries, to the user and to operators. */
export const SupportEvent = z.object({ message: SupportMessage, unread: z.int() })
export type SupportEvent = z.infer<typeof SupportEvent>

/** The hosted chat widgets the server can be configured with. */
export const HOSTED_CHAT_PROVIDERS = ['crisp', 'tawk'] as const
export type HostedChatProvider = (typeof HOSTED_CHAT_PROVIDERS)[number]

/**
 * Which chat /help/support shows: Keelson's own (answered in the console), or a hosted provider's widget when the
 * server is configured with one (SUPPORT_CHAT_CRISP_ID or SUPPORT_CHAT_TAWK_ID, docs/operations.md); nothing of a
 * provider loads otherwise. `websiteId` is Crisp's website id, or Tawk.to's `<property id>/<widget id>`.
 */
export const SupportChatProvider = z.union([
  z.object({ provider: z.literal('keelson') }),
  z.object({ provider: z.enum(HOSTED_CHAT_PROVIDERS), websiteId: z.string() }),
])
export type SupportChatProvider = z.infer<typeof SupportChatProvider>

export const supportApi = {
  provider: { method: 'GET', path: '/getSupportChatProvider', data: SupportChatProvider, auth: false },
  chat: { method: 'GET', path: '/getSupportChat', query: z.extend(Page, Conversation), data: SupportChatPage, auth: true },
  unread: { method: 'GET', path: '/getSupportUnread', data: z.object({ count: z.int() }), auth: true },
  send: {
    method: 'POST',
    path: '/sendSupportMessage',
    /** Text, a picture (`attachmentId`: the user's own upload of purpose support), or both; neither is a 400. */
    body: z.object({ ...Conversation, body: z._default(SupportText, ''), attachmentId: z.optional(SupportAttachmentId), clientKey: SupportClientKey }),
    data: SupportMessage,
    auth: true,
  },
  /** Marks every staff reply read; answers how many were unread. */
  markRead: { method: 'POST', path: '/markSupportRead', body: z.object(Conversation), data: z.object({ marked: z.int() }), auth: true },
  /** A hosted chat provider's id for this user, so the conversation resumes on any device (null clears it). */
  cacheChatId: {
    method: 'POST',
    path: '/cacheChatId',
    body: z.object({ chatId: z.nullable(z.string().check(z.regex(/^[\x21-\x7e]{1,200}$/, 'chatId'))) }),
    data: z.null(),
    auth: true,
  },
  /** The user's own conversation id (null before the first message) and the cached provider chat id. */
  getCacheChatId: {
    method: 'GET',
    path: '/getCacheChatId',
    data: z.object({ conversationId: z.nullable(z.string()), chatId: z.nullable(z.string()) }),
    auth: true,
  },
} as const satisfies Record<string, Endpoint>
