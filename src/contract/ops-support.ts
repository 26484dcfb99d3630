// The console's support chat: conversations with how many user messages no operator has read, one conversation's
// messages, marking it read, and replying (audited). Users' side: src/contract/support.ts.
import * as z from 'zod/mini'
import { Int8Id, Millis, Page, pageOf } from './endpoint.ts'
import type { OperatorRole, OpsEndpoint } from './ops.ts'
import { SupportAttachment, SupportAttachmentId, SupportClientKey, SupportMessage, SupportText } from './support.ts'

export const SUPPORT_AGENTS: readonly OperatorRole[] = ['support']

export const OpsConversation = z.object({
  id: z.string(),
  userId: z.string(),
  /** The user's wallet address, else e-mail. */
  userLabel: z.string(),
  /** User messages no operator has read. */
  unread: z.int(),
  lastMessageAt: z.nullable(Millis),
  lastBody: z.nullable(z.string()),
})
export type OpsConversation = z.infer<typeof OpsConversation>

export const OpsConversationPage = z.object({
  conversation: OpsConversation,
  list: z.array(SupportMessage),
  total: z.int(),
  page: z.int(),
  size: z.int(),
})
export type OpsConversationPage = z.infer<typeof OpsConversationPage>

export const opsSupportApi = {
  conversations: {
    method: 'GET',
    path: '/ops/support/conversations',
    query: Page,
    data: pageOf(OpsConversation),
    auth: false,
    roles: SUPPORT_AGENTS,
  },
  conversation: {
    method: 'GET',
    path: '/ops/support/conversation',
    query: z.extend(Page, { id: Int8Id }),
    data: OpsConversationPage,
    auth: false,
    roles: SUPPORT_AGENTS,
  },
  markRead: {
    method: 'POST',
    path: '/ops/support/markRead',
    body: z.object({ id: Int8Id }),
    data: z.object({ marked: z.int() }),
    auth: false,
    roles: SUPPORT_AGENTS,
  },
  reply: {
    method: 'POST',
    path: '/ops/support/reply',
    /** Text, a picture uploaded through `attachment` for this conversation, or both. */
    body: z.object({ id: Int8Id, body: z._default(SupportText, ''), attachmentId: z.optional(SupportAttachmentId), clientKey: SupportClientKey }),
    data: SupportMessage,
    auth: false,
    roles: SUPPORT_AGENTS,
  },
  /**
   * multipart/form-data: the conversation's `id` (a field, before the file), then `file`, checked and re-encoded as a
   * user's upload. The picture is stored as the conversation's user's (purpose support, uploaded by the operator), so
   * the user reads it at /api/upload/<id>; a reply then carries its id. Not JSON: the console posts FormData.
   */
  attachment: { method: 'POST', path: '/ops/support/attachment', data: SupportAttachment, auth: false, roles: SUPPORT_AGENTS },
} as const satisfies Record<string, OpsEndpoint>
