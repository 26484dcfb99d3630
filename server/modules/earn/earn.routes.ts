import type { FastifyInstance } from 'fastify'
import { earnApi } from '#contract/earn.ts'
import { opsEarnApi } from '#contract/ops-earn.ts'
import { route } from '../../route.ts'
import { opsRoute } from '../ops/ops-route.ts'
import { createPlan, fundReserve, opsPlans, reserveLines, setPlanStatus } from './earn.ops.ts'
import { cancelKeepProd, keepProd, listPlans, myOrders } from './earn.service.ts'
import { registerEarnTestHooks } from './test-hooks.routes.ts'

export function registerEarnRoutes(app: FastifyInstance) {
  registerEarnTestHooks(app)
  route(app, earnApi.plans, ({ user }) => listPlans(app, user))
  route(app, earnApi.orders, ({ user, query }) => myOrders(app, user, query.page, query.size))
  route(app, earnApi.keep, ({ user, body, idempotencyKey }) => keepProd(app, user, body, idempotencyKey))
  route(app, earnApi.cancel, ({ user, body, idempotencyKey }) => cancelKeepProd(app, user, body.id, idempotencyKey))
  opsRoute(app, opsEarnApi.plans, () => opsPlans(app.db))
  opsRoute(app, opsEarnApi.create, ({ operator, body }) => createPlan(app, operator, body))
  opsRoute(app, opsEarnApi.status, ({ operator, body }) => setPlanStatus(app, operator, body))
  opsRoute(app, opsEarnApi.reserve, () => reserveLines(app))
  opsRoute(app, opsEarnApi.fund, ({ operator, body }) => fundReserve(app, operator, body))
}
