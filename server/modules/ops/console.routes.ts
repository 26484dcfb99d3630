// The console's own pages (src/ops/pages): users, messages to a user, the site notice, configuration values and the
// ledger's reconciliation. Roles are in the contract (opsConsoleApi); opsRoute checks them before the input.
import type { FastifyInstance } from 'fastify'
import { opsConsoleApi as api } from '#contract/ops.ts'
import { languageOf } from '../../plugins/errors.ts'
import { latestNotice } from '../config/config.service.ts'
import {
  clearNotice,
  configRows,
  findUsers,
  messageUser,
  reconciliation,
  revokeAllUserSessions,
  revokeUserSession,
  setConfig,
  setNotice,
  userDetail,
  userRecords,
} from './console.service.ts'
import { opsRoute } from './ops-route.ts'

export function registerConsoleRoutes(app: FastifyInstance) {
  opsRoute(app, api.users, ({ query }) => findUsers(app, query))
  opsRoute(app, api.user, ({ query }) => userDetail(app, query.id))
  opsRoute(app, api.userRecords, ({ query, request }) => userRecords(app, query, languageOf(request)))
  opsRoute(app, api.revokeSession, ({ body, operator }) => revokeUserSession(app, operator, body.userId, body.sessionId))
  opsRoute(app, api.revokeAllSessions, ({ body, operator }) => revokeAllUserSessions(app, operator, body.userId))
  opsRoute(app, api.sendMessage, ({ body, operator }) => messageUser(app, operator, body))
  opsRoute(app, api.notice, () => latestNotice(app.db))
  opsRoute(app, api.publishNotice, ({ body, operator }) => setNotice(app, operator, body.title, body.content))
  opsRoute(app, api.clearNotice, ({ operator }) => clearNotice(app, operator))
  opsRoute(app, api.config, () => configRows(app))
  opsRoute(app, api.setConfig, ({ body, operator }) => setConfig(app, operator, body.configKey, body.value))
  opsRoute(app, api.reconciliation, () => reconciliation(app))
}
