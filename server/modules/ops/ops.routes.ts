// The console's own endpoints: sign-in (the stricter sign-in rate limit per IP, on top of the per-operator lock in
// operators.ts), sign-out, who am I, and the audit log for admins.
import type { FastifyInstance } from 'fastify'
import { opsApi } from '#contract/ops.ts'
import { route } from '../../route.ts'
import { auditPage } from './audit.ts'
import { registerConsoleRoutes } from './console.routes.ts'
import { signInOperator, signOutOperator } from './operators.ts'
import { opsRoute } from './ops-route.ts'
import { registerOpsTestHooks } from './test-hooks.routes.ts'

export function registerOpsRoutes(app: FastifyInstance) {
  registerOpsTestHooks(app)
  route(
    app,
    opsApi.signIn,
    async ({ body, reply }) => {
      void reply.header('cache-control', 'no-store')
      return signInOperator(app.db, body, app.now())
    },
    { rateLimitMax: app.conf.rateLimit.signInMax },
  )
  opsRoute(app, opsApi.signOut, async ({ operator }) => {
    await signOutOperator(app.db, operator, app.now())
    // The console's socket stays open as a visitor's; the chat's messages stop now, not at the next recheck.
    await app.hub.revokeOperatorSession(operator.sessionId)
    return null
  })
  opsRoute(app, opsApi.me, ({ operator }) => ({ id: operator.id, name: operator.name, roles: operator.roles }))
  opsRoute(app, opsApi.audit, ({ query }) => auditPage(app.db, query))
  registerConsoleRoutes(app)
}
