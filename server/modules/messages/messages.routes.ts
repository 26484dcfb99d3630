import type { FastifyInstance } from 'fastify'
import { messagesApi } from '#contract/messages.ts'
import type { ServerMessageKey } from '#contract/server-messages.ts'
import type { MessageValues } from '../../app-error.ts'
import { languageOf } from '../../plugins/errors.ts'
import { numbersFor } from '../account/numbers.ts'
import { route } from '../../route.ts'
import { markMessages, myMessages, unreadCount } from './messages.service.ts'
import { registerMessageTestHooks } from './test-hooks.routes.ts'

export function registerMessageRoutes(app: FastifyInstance) {
  route(app, messagesApi.myMessages, ({ user, query, request }) => {
    const language = languageOf(request)
    const reader = { render: (key: ServerMessageKey, values?: MessageValues) => app.translate(language, key, values), numbers: numbersFor(language) }
    return myMessages(app.db, user.id, query.page, query.size, reader)
  })
  route(app, messagesApi.unreadCount, async ({ user }) => ({ count: await unreadCount(app.db, user.id) }))
  route(app, messagesApi.markMessage, async ({ user, body }) => ({
    marked: await markMessages(app.db, user.id, body, new Date(app.now())),
  }))
  registerMessageTestHooks(app)
}
