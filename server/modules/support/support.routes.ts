import type { FastifyInstance } from 'fastify'
import { opsSupportApi } from '#contract/ops-support.ts'
import { supportApi } from '#contract/support.ts'
import { route } from '../../route.ts'
import { opsRoute } from '../ops/ops-route.ts'
import { chatIds, markUserRead, opsConversation, opsConversations, opsMarkRead, opsReply, sendUserMessage, setChatId, userChat, userUnread } from './support.service.ts'

export function registerSupportRoutes(app: FastifyInstance) {
  const provider = app.conf.hostedChat ?? ({ provider: 'keelson' } as const)
  route(app, supportApi.provider, () => provider)
  route(app, supportApi.chat, ({ user, query }) => userChat(app.db, user.id, query))
  route(app, supportApi.unread, async ({ user }) => ({ count: await userUnread(app.db, user.id) }))
  route(app, supportApi.send, ({ user, body }) => sendUserMessage(app, user.id, body))
  route(app, supportApi.markRead, async ({ user, body }) => ({ marked: await markUserRead(app.db, user.id, body.conversationId) }))
  route(app, supportApi.cacheChatId, ({ user, body }) => setChatId(app.db, user.id, body.chatId))
  route(app, supportApi.getCacheChatId, ({ user }) => chatIds(app.db, user.id))

  opsRoute(app, opsSupportApi.conversations, ({ query }) => opsConversations(app.db, query))
  opsRoute(app, opsSupportApi.conversation, ({ query }) => opsConversation(app.db, query))
  opsRoute(app, opsSupportApi.markRead, async ({ body }) => ({ marked: await opsMarkRead(app.db, body.id) }))
  opsRoute(app, opsSupportApi.reply, ({ operator, body }) => opsReply(app, operator, body))
}
